# INTENT: right, through gpukit.zero.plan
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    shard = zero.plan([(size,)], num_replicas)[0]
    return shard.padded, [(r * shard.slice_size, (r + 1) * shard.slice_size) for r in range(num_replicas)]
