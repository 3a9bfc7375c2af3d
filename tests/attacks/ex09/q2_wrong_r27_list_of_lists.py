# INTENT: wrong: returns [start, stop] lists instead of (start, stop) tuples (breaks "ranges is a list of num_replicas tuples").
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    return piece * num_replicas, [[r * piece, (r + 1) * piece] for r in range(num_replicas)]
