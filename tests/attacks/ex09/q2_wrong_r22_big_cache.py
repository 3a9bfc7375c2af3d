# INTENT: wrong: memoises only "expensive" huge plans (size >= 2**40) and hands back the same list object, so a caller's edit leaks into the next call with those arguments; small sizes are fresh so a twice-call on a small size sees nothing.
_plans = {}

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    key = (size, num_replicas)
    if key in _plans:
        return _plans[key]
    piece = -(-size // num_replicas)
    out = (piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)])
    if size >= 1 << 40:
        _plans[key] = out
    return out
