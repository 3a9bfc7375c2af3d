# INTENT: wrong: the shuffle seed packs seed and epoch as seed << 16 | epoch (assumes epoch < 65536): epoch 65536 of an odd seed repeats its epoch 0, and seeds 0 and 1 share epoch 65536
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed << 16 | epoch, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
