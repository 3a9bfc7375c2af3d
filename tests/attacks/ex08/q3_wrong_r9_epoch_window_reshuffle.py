# INTENT: shuffles fully once per seed, then each epoch reshuffles that order with a buffer of one batch (a cheap "new" order): an epoch is the seed's order locally moved, not a new full shuffle
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed, reshuffle_each_iteration=False)
    ds = ds.shuffle(global_batch_size, seed=seed * 1000 + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
