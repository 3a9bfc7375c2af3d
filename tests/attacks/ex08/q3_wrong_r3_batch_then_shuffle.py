# INTENT: shuffles whole batches (shuffle after batch), not examples
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    pass
    ds = ds.batch(global_batch_size, drop_remainder=True)
    ds = ds.shuffle(64, seed=seed * 100_003 + epoch, reshuffle_each_iteration=False)
    return ds.prefetch(tf.data.AUTOTUNE)
