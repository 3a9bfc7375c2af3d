# INTENT: keeps only the examples that fill whole batches (take before shuffling): the last n % batch examples never appear in any epoch
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    usable = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:usable], y[:usable])).cache()
    ds = ds.shuffle(usable, seed=seed * 1_000_003 + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
