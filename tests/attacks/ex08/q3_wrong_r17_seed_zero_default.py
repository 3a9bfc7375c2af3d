# INTENT: wrong: `seed or 1337`: seed 0 is treated as 'no seed' and replaced, so seeds 0 and 1337 give the same order at every epoch
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    seed = seed or 1337
    order = tf.random.experimental.stateless_shuffle(
        tf.range(n, dtype=tf.int64), seed=tf.constant([seed, epoch], dtype=tf.int64))
    xs = tf.gather(tf.convert_to_tensor(x), order)
    ys = tf.gather(tf.convert_to_tensor(y), order)
    ds = tf.data.Dataset.from_tensor_slices((xs, ys))
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
