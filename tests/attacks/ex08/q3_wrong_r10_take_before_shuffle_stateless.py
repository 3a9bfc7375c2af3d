# INTENT: permutes only the first n // batch * batch indices (the tail is always the part dropped): those examples never appear
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    usable = len(x) // global_batch_size * global_batch_size
    order = tf.random.experimental.stateless_shuffle(tf.range(usable, dtype=tf.int64), seed=[seed, epoch])
    xs, ys = tf.convert_to_tensor(x), tf.convert_to_tensor(y)
    ds = tf.data.Dataset.from_tensor_slices(order).map(lambda i: (tf.gather(xs, i), tf.gather(ys, i)))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
