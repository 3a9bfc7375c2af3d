# INTENT: epoch 0 is a full shuffle by seed; later epochs only re-shuffle that order with a one-batch buffer: from epoch 1 on, each epoch is the seed's order locally moved and an example can only reach nearby batches
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed, reshuffle_each_iteration=False)
    if epoch > 0:
        ds = ds.shuffle(global_batch_size, seed=seed * 1000 + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
