# INTENT: seeds the shuffle from (seed, epoch) but leaves reshuffle_each_iteration at its default True: iterating the same dataset again gives another order, so (seed, epoch) does not pin the order.
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed * 1000 + epoch)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
