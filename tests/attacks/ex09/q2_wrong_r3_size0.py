# INTENT: outside: size 0 gives padded n (one padding element per replica) instead of 0; same as right for size >= 1
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = max(size // num_replicas, 1) if size % num_replicas == 0 else size // num_replicas + 1
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
