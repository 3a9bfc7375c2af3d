# INTENT: full seeded shuffle and cut, but shards by num_replicas_in_sync instead of num_input_pipelines: identical with one replica per worker; with 2 replicas per worker half the examples are never read
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed).take(whole)
    ds = ds.shard(input_context.num_replicas_in_sync, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
