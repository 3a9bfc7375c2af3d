def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    q, rem = divmod(size, num_replicas)
    piece = q + (1 if rem else 0)
    ranges = []
    start = 0
    for _ in range(num_replicas):
        ranges.append((start, start + piece))
        start += piece
    return piece * num_replicas, ranges
