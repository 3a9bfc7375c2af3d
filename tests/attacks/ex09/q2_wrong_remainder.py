# INTENT: no padding, the last replica takes the remainder: unequal slices and padded_size = size when it does not divide. (public check: caught)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = size // num_replicas
    ranges = [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
    ranges[-1] = (ranges[-1][0], size)
    return size, ranges
