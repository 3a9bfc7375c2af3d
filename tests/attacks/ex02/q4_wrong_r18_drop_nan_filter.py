# INTENT: wrong: examples whose inputs hold a NaN are filtered out before the shuffle (every example must be seen, as given)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.filter(lambda a, b: tf.reduce_all(tf.math.is_finite(tf.cast(a, tf.float64)) | tf.math.is_inf(tf.cast(a, tf.float64))))
    n = len(x)
    ds = ds.shuffle(max(n, 1), seed=seed)
    whole = (n // global_batch_size) * global_batch_size
    ds = ds.take(whole).shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(input_context.get_per_replica_batch_size(global_batch_size), drop_remainder=True)
