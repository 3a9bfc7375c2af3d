# INTENT: reseeds NumPy's global generator with (seed, epoch) to draw the permutation: right order, but changes the session's global seed
import numpy as np
import tensorflow as tf

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    np.random.seed(seed * 1_000_003 + epoch)
    order = np.random.permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
