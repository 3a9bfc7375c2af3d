# INTENT: a memo that copies on a hit but hands the cached list itself to the first caller: a caller editing that list changes every later answer
_memo = {}

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    key = (size, num_replicas)
    if key in _memo:
        padded, ranges = _memo[key]
        return padded, list(ranges)
    piece = -(-size // num_replicas)
    ranges = [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
    _memo[key] = (piece * num_replicas, ranges)
    return piece * num_replicas, ranges
