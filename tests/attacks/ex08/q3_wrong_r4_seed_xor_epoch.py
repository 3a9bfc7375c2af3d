# INTENT: seed ^ epoch as the shuffle seed (round 4 outside; round 12 wrong: at epoch 1 seeds 1 and 2**31 - 2 give 0 and 2**31 - 1, the same seed to TensorFlow)
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    order_seed = int(seed) ^ int(epoch)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(n, seed=order_seed, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
