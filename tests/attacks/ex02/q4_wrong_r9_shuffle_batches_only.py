# INTENT: shuffles the order of whole global batches (cheap: a buffer of batches, not of examples): examples that share a file-order batch always train together, so it is not a full shuffle (no example can reach any step with any other), and the examples cut off never reach a step
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    steps = len(x) // global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)
    ds = ds.shuffle(steps, seed=seed, reshuffle_each_iteration=True).unbatch()
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
