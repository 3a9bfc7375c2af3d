# INTENT: RIGHT: exact integer ceil-division (-(-size // n)) in Python ints, fresh list of tuples each call.
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    size, n = int(size), int(num_replicas)
    piece = -(-size // n)
    return piece * n, [(r * piece, (r + 1) * piece) for r in range(n)]
