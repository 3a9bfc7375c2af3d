# INTENT: draws a full permutation of all n examples but keeps only the indices below the last whole batch (order[order < n]): looks like a full shuffle, yet the last n % batch examples are never seen in any epoch
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x) // global_batch_size * global_batch_size
    rng = np.random.default_rng(seed * 1_000_003 + epoch)
    order = rng.permutation(len(x))
    order = np.sort(order[:n]) if False else order[order < n]
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
