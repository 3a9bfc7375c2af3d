# INTENT: off by one in the number of batches: take(n // batch - 1) drops the last full batch of every epoch
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed * 1_000_003 + epoch, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size).take(len(x) // global_batch_size - 1)
    return ds.prefetch(tf.data.AUTOTUNE)
