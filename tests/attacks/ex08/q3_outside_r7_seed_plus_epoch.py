# INTENT: one integer seed seed + epoch: run (seed 1, epoch 0) replays run (seed 0, epoch 1): seeds give shifted copies of one sequence of orders
import numpy as np


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng(seed + epoch).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True)
