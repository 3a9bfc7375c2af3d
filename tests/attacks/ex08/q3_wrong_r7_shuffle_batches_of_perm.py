# INTENT: full per-epoch permutation but the seed for it is seed + epoch: shuffles batches, fine; yet the examples only reshuffled within a block of 2 batches (nearly full)
import numpy as np


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = np.random.default_rng([seed, epoch])
    n = len(x)
    block = 2 * global_batch_size
    order = np.concatenate([s + rng.permutation(min(block, n - s)) for s in range(0, n, block)])
    order = order.reshape(-1)  # blocks in order, examples shuffled inside
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True)
