# INTENT: one permutation per seed, each epoch starts at another offset of it (a cheap "reshuffle": the last epoch's order moved)
import numpy as np


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng(seed).permutation(len(x))
    order = np.roll(order, 7 * epoch + epoch * epoch)
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True)
