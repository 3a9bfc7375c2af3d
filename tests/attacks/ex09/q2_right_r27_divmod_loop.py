# INTENT: right: divmod gives the slice length, a loop walks the padded vector; Python ints only, so exact at any size.
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    size, num_replicas = int(size), int(num_replicas)
    quotient, remainder = divmod(size, num_replicas)
    piece = quotient + (1 if remainder else 0)
    ranges, start = [], 0
    for _ in range(num_replicas):
        ranges.append((start, start + piece))
        start += piece
    return start, ranges
