# INTENT: batches by global_batch_size // num_input_pipelines (the docstring's "per-worker batch") instead of the per-replica batch distribute_datasets_from_function expects. With one device per worker it is the same; with 2 GPUs per worker each replica gets a per-worker batch, so one step trains on 2 global batches.
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    per_worker = global_batch_size // input_context.num_input_pipelines
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
