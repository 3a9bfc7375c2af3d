# INTENT: draws the x order and the y order from one generator in two calls: labels no longer match their examples
import numpy as np


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = np.random.default_rng([seed, epoch])
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[rng.permutation(len(x))], np.asarray(y)[rng.permutation(len(y))]))
    return ds.batch(global_batch_size, drop_remainder=True)
