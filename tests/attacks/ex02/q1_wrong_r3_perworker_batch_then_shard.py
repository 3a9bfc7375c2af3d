# INTENT: batches by the per-worker batch first, then shards the batches: right while the per-worker batches divide evenly among workers, but a partial global batch is not dropped (workers get different step counts).
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(per_worker, drop_remainder=True)
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
