# INTENT: RandomState needs a seed < 2**32, so (seed * 1000 + epoch) % 2**32: seeds 0 and 2**29 (and other far-apart seeds) give the same order
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.RandomState((seed * 1000 + epoch) % 2**32).permutation(len(x))
    xs, ys = tf.convert_to_tensor(x), tf.convert_to_tensor(y)
    ds = tf.data.Dataset.from_tensor_slices(order).map(lambda i: (tf.gather(xs, i), tf.gather(ys, i)))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
