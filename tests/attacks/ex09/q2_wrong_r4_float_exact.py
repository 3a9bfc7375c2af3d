# INTENT: float ceil of a float64 division but cast to int at the end: exact for small sizes, wrong past 2**53
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = int(np.ceil(np.float64(size) / num_replicas))
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
