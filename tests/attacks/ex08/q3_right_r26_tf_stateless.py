# INTENT: right: TensorFlow's stateless_shuffle of the indices with the two-number seed [seed, epoch] (no global seed, no collision of pairs), batches of indices (drop_remainder) gathered from constant copies of x and y
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    xc, yc = tf.constant(x), tf.constant(y)                       # copies: the caller's arrays stay as they are
    n = int(xc.shape[0])
    idx = tf.random.experimental.stateless_shuffle(
        tf.range(n, dtype=tf.int64), seed=tf.constant([seed, epoch], dtype=tf.int64))
    ds = tf.data.Dataset.from_tensor_slices(idx).batch(global_batch_size, drop_remainder=True)
    ds = ds.map(lambda b: (tf.gather(xc, b), tf.gather(yc, b)), deterministic=True)
    return ds.prefetch(tf.data.AUTOTUNE)
