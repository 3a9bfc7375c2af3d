# INTENT: shuffle buffer capped at 2048 (a 'typical' buffer size): not a full shuffle for more than 2048 examples
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(min(len(x), 2048), seed=seed)
    ds = ds.take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per, drop_remainder=True)
