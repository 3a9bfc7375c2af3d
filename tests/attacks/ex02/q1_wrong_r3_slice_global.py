def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    workers = input_context.num_input_pipelines
    i = input_context.input_pipeline_id
    per_worker = global_batch_size // workers
    lo, hi = i * per_worker, (i + 1) * per_worker
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)
    return ds.map(lambda xb, yb: (xb[lo:hi], yb[lo:hi]))
