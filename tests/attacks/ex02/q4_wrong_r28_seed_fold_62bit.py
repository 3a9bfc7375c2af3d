# INTENT: wrong: folds seeds of 2**62 and more (and below -2**62) into 62 bits "so seed arithmetic cannot overflow int64", a rewrite of valid seeds in [2**62, 2**63) that then draw another seed's order; breaks "a seed of 10**18 and more too: no abs(), mask or other rewrite of it".
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    if not -2 ** 62 <= seed < 2 ** 62:
        seed = seed % 2 ** 62
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed).take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(input_context.get_per_replica_batch_size(global_batch_size), drop_remainder=True)
