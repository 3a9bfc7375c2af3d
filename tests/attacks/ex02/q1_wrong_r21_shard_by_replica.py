# INTENT: wrong: shards by num_replicas_in_sync instead of num_input_pipelines (identical when each worker has one replica); with 2 workers of 2 replicas, shards 2 and 3 are never read: examples missing.
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    whole = len(x) // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x[:whole].copy(), y[:whole].copy()))
    ds = ds.shard(input_context.num_replicas_in_sync, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
