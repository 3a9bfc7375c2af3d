# INTENT: shuffles pairs of neighbouring examples (batch(2) -> shuffle -> unbatch, "cheaper"): examples 2i and 2i+1 always train in the same step, next to each other: not a full shuffle of the examples
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(2)
    ds = ds.shuffle(len(x), seed=seed, reshuffle_each_iteration=True).unbatch().take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
