# INTENT: full seeded shuffle, then cuts to whole rounds of per_replica * num_workers (one batch per worker) instead of whole global batches: identical with one replica per worker, but with 2 replicas per worker a half global batch is left as a last partial step
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    rnd = per_replica * input_context.num_input_pipelines
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed).take(len(x) // rnd * rnd)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
