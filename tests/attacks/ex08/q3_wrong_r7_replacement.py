# INTENT: samples n indices with replacement ("random sampling"): some examples twice in an epoch, others never
import numpy as np


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([seed, epoch]).choice(len(x), len(x), replace=True)
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True)
