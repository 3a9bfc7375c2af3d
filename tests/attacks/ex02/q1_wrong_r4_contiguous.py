# INTENT: each worker takes a contiguous block of every global batch but blocks taken from its own contiguous half of the data
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    W, i = input_context.num_input_pipelines, input_context.input_pipeline_id
    steps = len(x) // global_batch_size
    per = global_batch_size // W
    lo = i * steps * per
    ds = tf.data.Dataset.from_tensor_slices((x[lo:lo + steps * per], y[lo:lo + steps * per]))
    return ds.batch(per, drop_remainder=True)
