# INTENT: wrong: the seed masked to a non-negative int64 (seed & 0x7FFFFFFFFFFFFFFF): a negative seed is not its own order (-9 gives the order of 2**63 - 9)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    n = len(x)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = n // global_batch_size * global_batch_size
    op_seed = int(seed) & 0x7FFFFFFFFFFFFFFF  # a seed must be a non-negative int64
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(n, seed=op_seed, reshuffle_each_iteration=True)
    ds = ds.take(whole).shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
