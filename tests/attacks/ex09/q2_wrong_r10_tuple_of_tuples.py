# INTENT: returns the ranges as a tuple of tuples (immutable), not a list the caller can change
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    return piece * num_replicas, tuple((r * piece, (r + 1) * piece) for r in range(num_replicas))
