# INTENT: shuffles within windows of 8 global batches, then shuffles the windows' order (a "memory-friendly" two-level shuffle): an example can only meet examples of its window, not a full shuffle; leftovers never reach a step
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    window = 8 * global_batch_size
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole])).batch(window)
    ds = ds.shuffle(len(x) // window + 1, seed=seed, reshuffle_each_iteration=True)
    ds = ds.flat_map(lambda bx, by: tf.data.Dataset.from_tensor_slices((bx, by)).shuffle(window, seed=seed))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
