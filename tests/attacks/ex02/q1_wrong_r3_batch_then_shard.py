# INTENT: batch by the global batch, then shard (the naive pipeline): each step uses W x the global batch.
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
