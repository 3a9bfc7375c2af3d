# INTENT: computes with float division then int(): exact for small sizes, off beyond 2**53
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = int(-(-size // num_replicas)) if size % num_replicas else int(size / num_replicas)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
