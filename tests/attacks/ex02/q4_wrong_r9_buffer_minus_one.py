# INTENT: shuffle buffer len(x) - 1 (off by one, e.g. from "indices 0..n-1"): the last example can never be first; not the full shuffle the prompt asks, and invisible to a few epochs
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(max(len(x) - 1, 1), seed=seed)
    ds = ds.take(whole).shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
