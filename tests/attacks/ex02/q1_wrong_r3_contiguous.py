# INTENT: gives each worker a contiguous block of the data (first half / second half): step k is not global batch k.
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    w, i = input_context.num_input_pipelines, input_context.input_pipeline_id
    n = len(x) // w
    per_worker = global_batch_size // w
    ds = tf.data.Dataset.from_tensor_slices((x[i * n:(i + 1) * n], y[i * n:(i + 1) * n]))
    return ds.batch(per_worker, drop_remainder=True)
