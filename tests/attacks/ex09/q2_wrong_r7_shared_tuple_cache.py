# INTENT: a cache of results returns the same (padded, list) tuple: the list object is shared between callers
_cache = {}


def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    key = (size, num_replicas)
    if key not in _cache:
        piece = -(-size // num_replicas)
        _cache[key] = (piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)])
    padded, ranges = _cache[key]
    return padded, ranges[:] if len(ranges) > 1 else ranges
