# INTENT: wrong: keeps every computed list in a module-level cache ("no list kept from an earlier call"), handing out copies
_shard_cache = {}
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    key = (size, num_replicas)
    if key not in _shard_cache:
        piece = -(-size // num_replicas)
        _shard_cache[key] = (piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)])
    padded, ranges = _shard_cache[key]
    return padded, list(ranges)
