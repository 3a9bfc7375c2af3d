# INTENT: wrong: a "fast path" for size < num_replicas gives every replica one element (padded = n) — right for 3 on 4 but wrong for size 0, whose smallest multiple of n that is >= 0 is 0, not n.
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    if size <= num_replicas:
        return num_replicas, [(r, r + 1) for r in range(num_replicas)]
    piece = -(-size // num_replicas)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
