# INTENT: wrong: the seed is kept to 9 digits (seed % 10**9), so seeds 0 and 1,000,000,000 (both in 0..2**31-2) give the same order.
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=(int(seed) % 10**9) * 1_000_003 + int(epoch), reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
