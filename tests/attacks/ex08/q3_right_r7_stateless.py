def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    order = tf.random.experimental.stateless_shuffle(tf.range(n, dtype=tf.int64), seed=[seed, epoch])
    ds = tf.data.Dataset.from_tensor_slices(order)
    data = tf.data.Dataset.from_tensor_slices((x, y))
    xs, ys = tf.constant(x), tf.constant(y)
    ds = ds.map(lambda i: (tf.gather(xs, i), tf.gather(ys, i)))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
