# INTENT: a cheap "shuffle": a random rotation of the data each epoch (so leftovers reach steps) then a shuffle of the order of whole global batches; within a step the examples are still consecutive in the file, so it is not a full shuffle
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    n = len(x)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    steps = n // global_batch_size
    xs, ys = tf.constant(x), tf.constant(y)

    def one_epoch(offset):
        return tf.data.Dataset.from_tensor_slices(tf.math.floormod(tf.range(n, dtype=tf.int64) + offset, n))

    off = tf.data.Dataset.random(seed=seed, rerandomize_each_iteration=True).take(1)
    idx = off.map(lambda r: tf.math.floormod(r, n)).flat_map(one_epoch)
    idx = idx.batch(global_batch_size, drop_remainder=True)
    idx = idx.shuffle(max(steps, 1), seed=seed, reshuffle_each_iteration=True).unbatch()
    idx = idx.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    idx = idx.batch(per_replica, drop_remainder=True)
    return idx.map(lambda i: (tf.gather(xs, i), tf.gather(ys, i)))
