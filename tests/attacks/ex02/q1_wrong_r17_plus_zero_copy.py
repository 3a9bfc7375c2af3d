# INTENT: wrong: copies the inputs with x + 0 (turns -0.0 into +0.0): inputs not "as given (their values)"
def shard_dataset(input_context, x, y, global_batch_size):
    whole = len(x) // global_batch_size * global_batch_size
    xs = x[:whole] + x.dtype.type(0)
    ys = y[:whole].copy()
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((xs, ys))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
