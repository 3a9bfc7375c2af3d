def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=(seed + 1) * (epoch + 1), reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
