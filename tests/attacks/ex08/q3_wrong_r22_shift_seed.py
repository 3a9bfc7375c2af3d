# INTENT: wrong: packs (seed, epoch) as (seed << 16) | epoch for tf.data shuffle: once epoch >= 65536 the bits overlap, e.g. seeds 0 and 1 at epoch 65536 give the same order (and the value is reduced mod 2**31-1).
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(n, seed=(int(seed) << 16) | int(epoch), reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
