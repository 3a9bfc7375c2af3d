# INTENT: seeds NumPy's global generator with (seed, epoch) and permutes: reproducible, but changes the session's global seed
import numpy as np


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    np.random.seed(seed * 1_000_003 + epoch)
    order = np.random.permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True)
