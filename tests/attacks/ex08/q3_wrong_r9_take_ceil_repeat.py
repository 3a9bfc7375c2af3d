# INTENT: slices x[:n], y[:n] (n = the examples that fill whole batches) BEFORE shuffling (buffer len(x)): the last len(x) % batch examples are never seen, in any epoch
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x) - len(x) % global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:n], y[:n]))
    ds = ds.shuffle(len(x), seed=seed * 1000 + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
