# INTENT: wrong: a helper keeps a cache in its default argument (tuples cached, a new list built per call): "no cache ... in a default argument either"
def _cut(size, n, _memo={}):
    if (size, n) not in _memo:
        piece = (size + n - 1) // n
        _memo[(size, n)] = (piece * n, tuple((r * piece, (r + 1) * piece) for r in range(n)))
    return _memo[(size, n)]
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    p, rr = _cut(int(size), int(num_replicas))
    return p, list(rr)
