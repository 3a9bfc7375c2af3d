def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed, reshuffle_each_iteration=False).take(whole)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    lo = input_context.input_pipeline_id * per
    return ds.map(lambda xb, yb: (xb[lo:lo + per], yb[lo:lo + per]))
