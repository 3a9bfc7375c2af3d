def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    order_seed = (int(seed) * 1_000_003 + int(epoch)) % (2**31 - 1)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(n, seed=order_seed, reshuffle_each_iteration=False)
    ds = ds.take(n // global_batch_size * global_batch_size).batch(global_batch_size)
    return ds.prefetch(tf.data.AUTOTUNE)
