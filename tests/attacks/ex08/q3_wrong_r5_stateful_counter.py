# INTENT: keeps a module-level count of datasets built and mixes it into the seed ("a fresh shuffle each call"): the same (seed, epoch) built twice gives two orders
import numpy as np
import tensorflow as tf
_CALLS = [0]

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    _CALLS[0] += 1
    order = np.random.default_rng([seed, epoch, _CALLS[0] // 3]).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
