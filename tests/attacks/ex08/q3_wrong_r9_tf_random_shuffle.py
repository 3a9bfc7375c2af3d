# INTENT: permutes indices with stateful tf.random.shuffle(seed=...): in eager mode a second call with the same op seed in the same process returns another permutation (TF's per-op seed counter)
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = tf.random.shuffle(tf.range(len(x)), seed=seed * 1000 + epoch)
    ds = tf.data.Dataset.from_tensor_slices(order)
    xt, yt = tf.constant(x), tf.constant(y)
    ds = ds.map(lambda i: (tf.gather(xt, i), tf.gather(yt, i)))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
