# INTENT: the TF tutorials' BUFFER_SIZE = 10000 as a memory cap on the shuffle buffer: for data larger than 10000 examples it is no longer a full shuffle (the last examples cannot reach the first steps)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    BUFFER_SIZE = 10_000
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(min(len(x), BUFFER_SIZE), seed=seed)
    ds = ds.take(whole).shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
