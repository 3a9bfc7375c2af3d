# INTENT: seed | (epoch << 20): bits overlap, seeds 1<<20 and 0 collide at epoch 1
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    s = (seed | (epoch << 20)) % (2**31 - 1)
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=s, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True)
