def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    w = input_context.num_input_pipelines
    per_worker = global_batch_size // w
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shard(w, input_context.input_pipeline_id)
    return ds.take(len(x) // w).batch(per_worker, drop_remainder=True)
