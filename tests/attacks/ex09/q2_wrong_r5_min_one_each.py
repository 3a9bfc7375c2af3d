# INTENT: a size smaller than the replica count gets one element per replica (padded_size = num_replicas), also for size 0, where the smallest multiple is 0
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    if size < num_replicas:
        return num_replicas, [(r, r + 1) for r in range(num_replicas)]
    piece = -(-size // num_replicas)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
