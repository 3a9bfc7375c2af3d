# INTENT: shards by num_replicas_in_sync instead of num_input_pipelines (wrong with several GPUs per worker: examples missing)
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_replicas_in_sync, input_context.input_pipeline_id)
    return ds.batch(global_batch_size // input_context.num_replicas_in_sync, drop_remainder=True)
