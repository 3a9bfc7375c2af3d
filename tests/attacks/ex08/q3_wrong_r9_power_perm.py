# INTENT: one permutation per seed, epoch e uses it applied e+1 times: each epoch is the last epoch's order moved by the same fixed permutation, not a new shuffle
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    perm = np.random.default_rng(seed).permutation(len(x))
    order = np.arange(len(x))
    for _ in range(epoch + 1):
        order = order[perm]
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
