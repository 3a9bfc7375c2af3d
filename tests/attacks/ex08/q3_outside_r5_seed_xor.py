# INTENT (outside): seed ^ epoch: (s, e) and (e, s) collide, but the contract only asks for different orders across epochs of one seed and across seeds at one epoch, which xor gives
import numpy as np
import tensorflow as tf

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng(seed ^ epoch).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
