# INTENT: right: pad by the remainder
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    padded = size + (num_replicas - size % num_replicas) % num_replicas
    piece = padded // num_replicas
    ranges = []
    start = 0
    for _ in range(num_replicas):
        ranges.append((start, start + piece))
        start += piece
    return padded, ranges
