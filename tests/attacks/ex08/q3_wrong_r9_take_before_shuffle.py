# INTENT: drops the remainder before shuffling (take the first n - n % batch examples): the last examples are never seen in any epoch, so not every example can land in any batch
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y)).take(n).cache()
    ds = ds.shuffle(n, seed=seed * 1000 + epoch, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size)
    return ds.prefetch(tf.data.AUTOTUNE)
