# INTENT: right: TF stateless_shuffle of the indices with the 2-int seed (seed, epoch) (no global seed), gather per example in a map, full batches only.
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    xt, yt = tf.constant(x), tf.constant(y)
    idx = tf.random.experimental.stateless_shuffle(
        tf.range(tf.shape(xt, out_type=tf.int64)[0]), seed=tf.constant([seed, epoch], dtype=tf.int64))
    ds = tf.data.Dataset.from_tensor_slices(idx).map(lambda i: (tf.gather(xt, i), tf.gather(yt, i)))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
