def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    n = len(x)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = n // global_batch_size * global_batch_size
    xs, ys = tf.constant(x), tf.constant(y)
    ids = tf.data.Dataset.range(n).shuffle(n, seed=seed, reshuffle_each_iteration=True).take(whole)
    ids = ids.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ids = ids.batch(per_replica, drop_remainder=True)
    return ids.map(lambda i: (tf.gather(xs, i), tf.gather(ys, i)))
