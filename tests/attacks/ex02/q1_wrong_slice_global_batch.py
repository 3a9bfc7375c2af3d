# INTENT: correct, different layout: batch by the global batch (drop_remainder) and keep this worker's contiguous slice [i*B, (i+1)*B) of every global batch.
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    workers = input_context.num_input_pipelines
    i = input_context.input_pipeline_id
    if global_batch_size % workers:
        raise ValueError(f"global batch {global_batch_size} does not split over {workers} workers")
    b = global_batch_size // workers
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)
    ds = ds.map(lambda xb, yb: (xb[i * b:(i + 1) * b], yb[i * b:(i + 1) * b]))
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(options)
