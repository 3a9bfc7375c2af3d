# INTENT: right: exact integer ceiling (-(-size // n)), Python ints only, a fresh list each call; works for 0, 1 replica and sizes past 2**53.
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    size, n = int(size), int(num_replicas)
    piece = -(-size // n)
    return piece * n, [(r * piece, (r + 1) * piece) for r in range(n)]
