# INTENT: shuffles the examples once per seed (so the cache holds it) and only the order of the batches per epoch: each epoch is the last one's batches moved, the same examples always share a batch
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=seed, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True).cache()
    ds = ds.shuffle(max(1, len(x) // global_batch_size), seed=seed * 1000 + epoch + 1, reshuffle_each_iteration=False)
    return ds.prefetch(tf.data.AUTOTUNE)
