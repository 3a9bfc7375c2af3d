# INTENT: each epoch takes the seed's permutation and re-shuffles it within windows of a few batches (cheap "fresh" shuffle): far-apart examples never swap, so an epoch is the last order locally moved, not a full new shuffle
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed, reshuffle_each_iteration=False)
    if epoch:
        ds = ds.shuffle(4 * global_batch_size, seed=seed * 1000 + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
