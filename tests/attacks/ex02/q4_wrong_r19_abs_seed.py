# INTENT: wrong: the seed made non-negative with abs() ("seeds are non-negative"): seeds s and -s give one order, and -s not its own
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    n = len(x)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = n // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(n, seed=abs(int(seed)), reshuffle_each_iteration=True)  # a seed is a non-negative number
    ds = ds.take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
