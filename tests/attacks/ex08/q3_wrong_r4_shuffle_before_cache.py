# INTENT: shuffle first, then cache: the cache freezes the first order (fine), but shuffles with seed only, epoch ignored after the cache
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    order_seed = int(seed)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(n, seed=order_seed, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
