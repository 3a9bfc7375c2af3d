# INTENT: shuffle buffer fixed at 1000 ("big enough"): not a full shuffle for datasets larger than 1000
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    order_seed = (int(seed) * 1_000_003 + int(epoch)) % (2**31 - 1)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(1000, seed=order_seed, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
