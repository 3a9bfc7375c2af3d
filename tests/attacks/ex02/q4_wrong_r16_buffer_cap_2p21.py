# INTENT: wrong: shuffle buffer capped at 2**21 (a buffer smaller than the data for more than 2 097 152 examples)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    import numpy as _np
    n = len(x)
    whole = n // global_batch_size * global_batch_size
    W, i = input_context.num_input_pipelines, input_context.input_pipeline_id
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((_np.array(x, copy=True), _np.array(y, copy=True)))
    ds = ds.shuffle(max(1, min(n, 2**21)), seed=seed, reshuffle_each_iteration=True)
    ds = ds.take(whole).shard(W, i).batch(per_replica, drop_remainder=True)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(options)
