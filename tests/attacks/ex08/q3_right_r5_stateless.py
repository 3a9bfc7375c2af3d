import tensorflow as tf

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    order = tf.random.experimental.stateless_shuffle(tf.range(n), seed=[seed, epoch])
    ds = tf.data.Dataset.from_tensor_slices((tf.gather(x, order), tf.gather(y, order)))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
