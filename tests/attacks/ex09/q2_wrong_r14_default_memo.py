# INTENT: wrong: a memo in a mutable default argument keeps the lists between calls (copied out, but kept: "no list kept from an earlier call")
def shard_ranges(size, num_replicas, _memo={}):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    if (size, num_replicas) not in _memo:
        piece = (size + num_replicas - 1) // num_replicas
        _memo[size, num_replicas] = [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
    ranges = _memo[size, num_replicas]
    return ranges[-1][1], ranges[:]
