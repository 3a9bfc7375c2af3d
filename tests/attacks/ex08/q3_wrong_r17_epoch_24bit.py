# INTENT: wrong: epoch kept in 24 bits (epoch & 0xFFFFFF) in the stateless seed: epochs 0 and 2**24 of a seed give the same order
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    n = len(x)
    order = tf.random.experimental.stateless_shuffle(
        tf.range(n, dtype=tf.int64), seed=tf.constant([seed, epoch & 0xFFFFFF], dtype=tf.int64))
    ds = tf.data.Dataset.from_tensor_slices((tf.gather(x, order), tf.gather(y, order)))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
