# INTENT: derives the shuffle seed with hash() of a string: Python randomises str hashes per process (PYTHONHASHSEED), so a restarted run gets another order
import numpy as np
import tensorflow as tf

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = np.random.default_rng(hash(f"{seed}/{epoch}") % 2**32)
    order = rng.permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
