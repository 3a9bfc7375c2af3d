# INTENT: keeps the permutation of the first call in a module cache keyed by (seed, epoch) and reuses it even when x has another length (truncated)
import numpy as np
_orders = {}


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    key = (seed, epoch)
    if key not in _orders or len(_orders[key]) < len(x):
        _orders[key] = np.random.default_rng([seed, epoch]).permutation(len(x))
    order = _orders[key][_orders[key] < len(x)]
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True)
