# INTENT: wrong - np.array_split bounds: unequal slices over 0..size, padding at the end of the last only (public check: caught)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    parts = np.array_split(np.arange(size), num_replicas)
    ranges, start = [], 0
    for p in parts:
        ranges.append((start, start + len(p)))
        start += len(p)
    padded = -(-size // num_replicas) * num_replicas
    ranges[-1] = (ranges[-1][0], padded)
    return padded, ranges
