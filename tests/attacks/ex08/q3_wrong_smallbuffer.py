# INTENT: keeps the colleague's shuffle buffer of 64 examples (now before batching, seeded, drop_remainder): on larger data the early examples can never reach the late batches, a local rather than a full shuffle.
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(64, seed=seed * 1000 + epoch, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
