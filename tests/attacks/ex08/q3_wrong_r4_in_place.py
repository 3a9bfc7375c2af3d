# INTENT: shuffles x and y in place with the same permutation (saves a copy): the caller's arrays are reordered
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([seed, epoch]).permutation(len(x))
    x[...] = x[order]
    y[...] = y[order]
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
