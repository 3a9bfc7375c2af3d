# INTENT: when it divides evenly uses int(size / n) (float division): beyond 2**53 an even size rounds (2**54 + 2 over 2 gives 2**53)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = int(size / num_replicas) if size % num_replicas == 0 else size // num_replicas + 1
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
