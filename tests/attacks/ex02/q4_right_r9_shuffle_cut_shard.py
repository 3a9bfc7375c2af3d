def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    n = len(x)
    whole = n // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    # the same order on every worker (seed), a new order each epoch, all the data in the buffer
    ds = ds.shuffle(n, seed=seed, reshuffle_each_iteration=True)
    ds = ds.take(whole)                                   # cut after the shuffle: leftovers change each epoch
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
