# INTENT: a size of 0 has nothing to shard: returns no ranges at all instead of num_replicas empty slices
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    if size == 0:
        return 0, []
    piece = -(-size // num_replicas)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
