# INTENT: the permutation is drawn in numpy from default_rng([seed, epoch]) and the examples are gathered in that order before batching the global batch with drop_remainder.
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    x, y = np.asarray(x), np.asarray(y)
    order = np.random.default_rng([int(seed), int(epoch)]).permutation(len(x))
    full = (len(x) // global_batch_size) * global_batch_size
    order = order[:full]
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size).prefetch(tf.data.AUTOTUNE)
