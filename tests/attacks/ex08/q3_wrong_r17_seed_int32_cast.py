# INTENT: wrong: (seed, epoch) cast to int32 for the stateless seed: epochs >= 2**31 wrap silently (epoch 2**32 repeats epoch 0)
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    order = tf.random.experimental.stateless_shuffle(
        tf.range(n, dtype=tf.int64), seed=tf.cast(tf.constant([seed, epoch], dtype=tf.int64), tf.int32))
    xs = tf.gather(tf.convert_to_tensor(x), order)
    ys = tf.gather(tf.convert_to_tensor(y), order)
    ds = tf.data.Dataset.from_tensor_slices((xs, ys))
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
