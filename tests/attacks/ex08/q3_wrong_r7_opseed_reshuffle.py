# INTENT: op seed from (seed, epoch) with the default reshuffle_each_iteration=True: a second pass over the same dataset object is another order
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=seed * 100_003 + epoch)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
