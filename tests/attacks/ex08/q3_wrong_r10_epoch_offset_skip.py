# INTENT: one shuffle per seed over a repeated stream; epoch e starts e*batch examples further on (last epoch's order moved)
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(n, seed=seed, reshuffle_each_iteration=False).repeat(2)
    ds = ds.skip((epoch * global_batch_size) % n).take(n)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
