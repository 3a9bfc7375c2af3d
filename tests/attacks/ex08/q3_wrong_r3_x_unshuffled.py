# INTENT: permutes y with the (seed, epoch) order but forgets to permute x: every label is paired with the wrong example
import numpy as np
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([seed, epoch]).permutation(len(x))
    full = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:full], np.asarray(y)[order][:full]))
    return ds.batch(global_batch_size).prefetch(tf.data.AUTOTUNE)
