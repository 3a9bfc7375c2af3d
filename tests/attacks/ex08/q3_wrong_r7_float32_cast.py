# INTENT: casts x to float32 "for the model" (tf default): changes the dtype of integer or float64 inputs
import numpy as np


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([seed, epoch]).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x, dtype=np.float32)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True)
