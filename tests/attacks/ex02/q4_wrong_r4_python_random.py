# INTENT: seeds Python's global random module and draws the tf seed from it (changes global state)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    import random
    random.seed(seed)
    op_seed = random.randrange(2**31)
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole])).shuffle(whole, seed=op_seed, reshuffle_each_iteration=True)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
