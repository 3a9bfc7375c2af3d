# INTENT: each epoch re-applies the seed's one fixed permutation to the last epoch's order (not a new shuffle)
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    perm = np.random.default_rng(seed).permutation(len(x))
    order = np.arange(len(x))
    for _ in range(epoch + 1):
        order = order[perm]
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
