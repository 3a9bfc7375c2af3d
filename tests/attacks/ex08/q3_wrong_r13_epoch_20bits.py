# INTENT: wrong: stateless permutation keyed by (seed, epoch % 2**20): epochs 2**20 apart repeat the order
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    n = len(x)
    order = tf.random.experimental.stateless_shuffle(tf.range(n, dtype=tf.int64), seed=tf.constant([seed, epoch % 2**20], tf.int64))
    ds = tf.data.Dataset.from_tensor_slices(order)
    xt, yt = tf.constant(x), tf.constant(y)
    ds = ds.map(lambda i: (tf.gather(xt, i), tf.gather(yt, i)))
    return ds.batch(global_batch_size, drop_remainder=True)
