# INTENT: wrong: remembers earlier answers in an attribute of the function object (not a module dict, default argument or functools cache) and hands out a fresh list copy; breaks "no list kept from an earlier call: no cache".
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    memo = shard_ranges.__dict__.setdefault("memo", {})
    if (size, num_replicas) not in memo:
        piece = -(-size // num_replicas)
        memo[size, num_replicas] = (piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)])
    padded, ranges = memo[size, num_replicas]
    return padded, list(ranges)
