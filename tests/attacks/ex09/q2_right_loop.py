# INTENT: grows the padded size with a loop until it divides, then walks the slices with a running offset.
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    padded = size
    while padded % num_replicas:
        padded += 1
    piece = padded // num_replicas
    ranges, start = [], 0
    for _ in range(num_replicas):
        ranges.append((start, start + piece))
        start += piece
    return padded, ranges
