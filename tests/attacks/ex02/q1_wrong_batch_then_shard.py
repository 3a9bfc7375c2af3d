# INTENT: batches by the GLOBAL batch and then shards the batches between workers, so each worker trains on a whole global batch per step (a step uses num_workers x the global batch). (public check: caught)
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
