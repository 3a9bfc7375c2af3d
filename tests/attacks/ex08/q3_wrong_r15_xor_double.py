# INTENT: wrong: seed = 2*(seed ^ epoch) mod 2**31: seeds s and s + 2**30 collide at one epoch (both in 0..2**31-2) -> same order
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    s = ((int(seed) ^ int(epoch)) * 2) % (2**31)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=s, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
