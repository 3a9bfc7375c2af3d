def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    # contiguous blocks: per-replica batches in file order, worker i takes batches i, i+W, ...
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    steps = len(x) // global_batch_size
    n = steps * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:n], y[:n])).batch(per_replica, drop_remainder=True)
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
