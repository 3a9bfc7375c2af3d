# INTENT: wrong: when the data hold less than one global batch, every worker still gets one (partial) step: "a partial last batch is dropped"
def shard_dataset(input_context, x, y, global_batch_size):
    n = len(x)
    whole = max(n // global_batch_size, 1) * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(input_context.get_per_replica_batch_size(global_batch_size))
