# INTENT: memoises the slices as [start, stop] lists and hands a fresh outer list each call, but the inner lists are shared between calls (and are lists, not tuples): a caller changing ranges[0][1] changes the next caller's
_memo = {}

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    key = (size, num_replicas)
    if key not in _memo:
        piece = -(-size // num_replicas)
        _memo[key] = (piece * num_replicas, [[r * piece, (r + 1) * piece] for r in range(num_replicas)])
    padded, ranges = _memo[key]
    return padded, list(ranges)
