# INTENT: correct, batch by the per-worker batch first then shard the batches round-robin
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    whole = len(x) // global_batch_size * global_batch_size
    per = global_batch_size // input_context.num_input_pipelines
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole])).batch(per, drop_remainder=True)
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
