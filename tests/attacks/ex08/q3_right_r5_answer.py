import numpy as np
import tensorflow as tf

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = np.random.default_rng([seed, epoch])
    order = rng.permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = tf.data.Dataset.from_tensor_slices(order).map(lambda i: (tf.gather(x, i), tf.gather(y, i)))
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
