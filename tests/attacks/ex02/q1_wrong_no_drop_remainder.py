# INTENT: shards then batches by the per-worker batch but without drop_remainder (and without cutting x to whole global batches), so a partial last batch is kept when the data is not whole global batches. (public check: caught)
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker)
