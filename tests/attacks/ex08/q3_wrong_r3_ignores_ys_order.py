# INTENT: permutes x with the (seed, epoch) order but forgets to permute y
import numpy as np
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([seed, epoch]).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], y))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
