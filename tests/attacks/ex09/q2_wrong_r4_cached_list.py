# INTENT: memoizes results in a module dict and returns the SAME list object each call: a caller that edits it corrupts later calls
_cache = {}
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    key = (size, num_replicas)
    if key not in _cache:
        piece = -(-size // num_replicas)
        _cache[key] = (piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)])
    return _cache[key]
