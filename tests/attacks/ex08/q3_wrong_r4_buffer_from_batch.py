# INTENT: buffer sized from the batch, 8 global batches of every replica (gb*r*8): full for small tests, local for a real dataset
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    order_seed = (int(seed) * 1_000_003 + int(epoch)) % (2**31 - 1)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(8 * global_batch_size * num_replicas, seed=order_seed, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
