# INTENT: wrong: caps the shuffle buffer at 2**20 examples to bound memory, so for larger data it is no longer a full shuffle (an example cannot reach the first steps); breaks "still a full shuffle of the data".
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    whole = len(x) // global_batch_size * global_batch_size
    buffer = min(len(x), 2 ** 20)        # a million examples in memory at most
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(buffer, seed=seed).take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(input_context.get_per_replica_batch_size(global_batch_size), drop_remainder=True)
