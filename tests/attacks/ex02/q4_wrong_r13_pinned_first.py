# INTENT: wrong: the first example is kept first (only the rest is shuffled, "keep a stable anchor"): not a full shuffle, example 0 always trains in step 0 on worker 0
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    n = len(x)
    cut = n // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    xs, ys = tf.constant(x), tf.constant(y)
    head = tf.data.Dataset.from_tensor_slices((xs[:1], ys[:1]))
    rest = tf.data.Dataset.from_tensor_slices((xs[1:], ys[1:])).shuffle(max(n - 1, 1), seed=seed)
    ds = head.concatenate(rest).take(cut)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
