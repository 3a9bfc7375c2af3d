# INTENT: (ruled wrong in round 11: the order is left to chance, read on the pipeline; was outside) adds a parallel map with deterministic=False before batching (for speed): examples may leave their step, so step k is not guaranteed to be global batch k (passes only when the threads happen to keep order)
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.map(lambda a, b: (a, b), num_parallel_calls=tf.data.AUTOTUNE, deterministic=False)
    ds = ds.batch(input_context.get_per_replica_batch_size(global_batch_size), drop_remainder=True)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(options)
