def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    s = zero.plan([(size,)], num_replicas)[0]
    return s.padded, [(r * s.slice_size, (r + 1) * s.slice_size) for r in range(num_replicas)]
