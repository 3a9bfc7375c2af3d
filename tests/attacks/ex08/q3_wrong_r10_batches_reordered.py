# INTENT: examples shuffled once per seed, then only the order of the batches changes per epoch: same batches every epoch
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    ds = ds.shuffle(len(x) // global_batch_size + 1, seed=seed * 7919 + epoch, reshuffle_each_iteration=False)
    return ds.prefetch(tf.data.AUTOTUNE)
