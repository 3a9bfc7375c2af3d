def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    keys = tf.random.stateless_uniform([n], seed=[seed, epoch])
    order = tf.argsort(keys)
    ds = tf.data.Dataset.from_tensor_slices((tf.gather(x, order), tf.gather(y, order)))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
