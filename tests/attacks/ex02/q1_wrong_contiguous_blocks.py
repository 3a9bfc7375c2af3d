# INTENT: gives each worker a contiguous block of the data (worker i gets the i-th 1/W of x), so at step k the workers' batches come from different regions, not global batch k. (public check: caught)
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    w, i = input_context.num_input_pipelines, input_context.input_pipeline_id
    per_worker = global_batch_size // w
    n = len(x) // w
    ds = tf.data.Dataset.from_tensor_slices((x[i * n:(i + 1) * n], y[i * n:(i + 1) * n]))
    return ds.batch(per_worker, drop_remainder=True)
