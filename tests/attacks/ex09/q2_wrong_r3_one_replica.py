# INTENT: special case for one replica that skips the list (returns a bare pair)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    if num_replicas == 1:
        return size, (0, size)
    piece = -(-size // num_replicas)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
