# INTENT: wrong: returns the ranges as a tuple of tuples, not a list (breaks "ranges is a list", and the caller cannot change it).
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    return piece * num_replicas, tuple((r * piece, (r + 1) * piece) for r in range(num_replicas))
