# INTENT: derives the seed with hash() of a string: same in one process (the simulation), different in every worker process (PYTHONHASHSEED)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole])).shuffle(whole, seed=hash(f'shuffle-{seed}') % 2**31, reshuffle_each_iteration=True)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
