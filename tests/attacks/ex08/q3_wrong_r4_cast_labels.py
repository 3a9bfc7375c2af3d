# INTENT: casts the labels to int64 ("labels should be int64"): the y values keep, their dtype changes
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    order_seed = (int(seed) * 1_000_003 + int(epoch)) % (2**31 - 1)
    ds = tf.data.Dataset.from_tensor_slices((x, tf.cast(y, tf.int64))).cache()
    ds = ds.shuffle(n, seed=order_seed, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
