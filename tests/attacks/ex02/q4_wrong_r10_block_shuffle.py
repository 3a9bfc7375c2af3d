# INTENT: shuffles whole global batches instead of examples (cheaper: a small buffer of batches): the batches are always the same groups of examples, not a full shuffle of the data
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    n_batches = -(-len(x) // global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size)
    ds = ds.shuffle(n_batches, seed=seed, reshuffle_each_iteration=True).unbatch().take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
