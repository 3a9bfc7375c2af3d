# INTENT: wrong: a seed of more than 18 digits (len(str(seed))) cut to its first 18 ("to fit int64"): seeds of 10**18 and more that share those digits give one order, none its own
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    n = len(x)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = n // global_batch_size * global_batch_size
    digits = str(int(seed))
    if len(digits) > 18:  # keep it inside int64
        seed = int(digits[:18])
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(n, seed=seed, reshuffle_each_iteration=True)
    ds = ds.take(whole).shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
