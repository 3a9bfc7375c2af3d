# INTENT: sets Options.deterministic = False and a parallel map for throughput: the order of elements (hence which examples form step k) is no longer guaranteed
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.map(lambda a, b: (a, b), num_parallel_calls=tf.data.AUTOTUNE)
    ds = ds.batch(per_replica, drop_remainder=True)
    options = tf.data.Options()
    options.deterministic = False
    return ds.with_options(options)
