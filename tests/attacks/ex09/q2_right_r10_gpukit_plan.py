def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    (shard,) = zero.plan([(size,)], num_replicas)
    k = shard.slice_size
    return shard.padded, [(r * k, (r + 1) * k) for r in range(num_replicas)]
