# INTENT: WRONG - memoises the plan for large clusters (64+ replicas) and hands the SAME list back: a caller's edit shows in the next call with those arguments; small replica counts (what is tested) get a fresh list.
_PLANS = {}


def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    key = (size, num_replicas)
    if key in _PLANS:
        return _PLANS[key]
    piece = -(-size // num_replicas)
    out = (piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)])
    if num_replicas >= 64:                              # big clusters: plans are long, reuse them
        _PLANS[key] = out
    return out
