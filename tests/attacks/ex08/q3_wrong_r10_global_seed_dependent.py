# INTENT: seeds the shuffle from tf.random.uniform under a stateless-looking seed: depends on TensorFlow's global RNG state, not only (seed, epoch)
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    s = int(tf.random.uniform([], 0, 2**31 - 1, dtype=tf.int64, seed=seed * 1_000_003 + epoch))
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=s, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
