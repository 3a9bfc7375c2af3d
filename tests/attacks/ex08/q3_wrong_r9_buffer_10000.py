# INTENT: the tutorial's fixed shuffle buffer of 10_000: a full shuffle for the small test sets, but on a larger training set (e.g. 50_000 images) the first example can only land in the first batches: not a full shuffle
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(10_000, seed=seed * 1000 + epoch, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
