# INTENT: cache, shuffle examples with a full-size buffer and a seed mixing (seed, epoch), fixed per dataset (reshuffle_each_iteration=False), then batch the GLOBAL batch with drop_remainder.
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(n, seed=int(seed) * 1_000_003 + int(epoch), reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
