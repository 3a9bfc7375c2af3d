# INTENT: wrong: the epoch is taken modulo 1,000,000 when folding it into the seed, so epochs 0 and 1,000,000 of a seed give the same order.
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=int(seed) * 1_000_003 + int(epoch) % 1_000_000, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
