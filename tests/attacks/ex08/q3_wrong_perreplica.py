# INTENT: fixes shuffling and the remainder but keeps the per-replica batch size (global // num_replicas): the strategy then splits an already per-replica batch again.
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed * 1000 + epoch, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size // num_replicas, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
