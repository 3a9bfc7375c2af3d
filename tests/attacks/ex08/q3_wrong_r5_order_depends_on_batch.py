# INTENT: mixes the global batch size into the shuffle seed ("one stream per configuration"): a restarted run with another global batch gets another order; the contract says the order depends on (seed, epoch) only
import numpy as np
import tensorflow as tf

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([seed, epoch, global_batch_size]).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
