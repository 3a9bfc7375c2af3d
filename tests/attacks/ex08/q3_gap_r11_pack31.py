# INTENT: wrong: packs (epoch << 31) | seed, collision-free as a 62-bit number, but tf.data truncates op seeds mod 2**31-1 (2**31 = 1 mod M): seeds 0 and 2**31-1 at one epoch give the same order
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=(epoch << 31) | seed, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
