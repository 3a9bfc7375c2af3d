# INTENT: keeps the colleague's order (batch, then shuffle) with a seed and drop_remainder: whole batches are shuffled, not individual examples.
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.batch(global_batch_size, drop_remainder=True)
    ds = ds.shuffle(64, seed=seed * 1000 + epoch, reshuffle_each_iteration=False)
    return ds.prefetch(tf.data.AUTOTUNE)
