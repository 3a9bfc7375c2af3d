# INTENT: forgets drop_remainder: a partial last batch is kept (the contract says it is dropped).
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id).batch(per_worker)
