# INTENT: repeat() before the shuffle (as in many tutorials), then take one epoch of batches: the shuffle mixes two epochs, some examples twice
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache().repeat()
    ds = ds.shuffle(n, seed=seed * 1_000_003 + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).take(n // global_batch_size).prefetch(tf.data.AUTOTUNE)
