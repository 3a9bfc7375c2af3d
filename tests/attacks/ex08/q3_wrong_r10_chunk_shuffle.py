# INTENT: shuffles chunks of 4 consecutive examples (faster than one by one), then unbatches: examples not shuffled individually
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.batch(4).shuffle(-(-n // 4), seed=seed * 1_000_003 + epoch, reshuffle_each_iteration=False).unbatch()
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
