# INTENT: shards by input_context.num_replicas_in_sync instead of num_input_pipelines (the number of workers the prompt names). Equal when each worker has one device (the simulation), but a worker with 2 GPUs keeps only 1/4 of its data: examples never seen. A student who thinks "one shard per replica" writes it.
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_replicas_in_sync, input_context.input_pipeline_id)
    return ds.batch(input_context.get_per_replica_batch_size(global_batch_size), drop_remainder=True)
