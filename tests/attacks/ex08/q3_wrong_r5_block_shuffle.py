# INTENT: shuffles the order of fixed blocks of examples, then shuffles inside each batch: looks random but examples of one block stay together (not a full shuffle)
import numpy as np
import tensorflow as tf

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = np.random.default_rng([seed, epoch])
    n = len(x)
    block = 8
    starts = rng.permutation(np.arange(0, n, block))
    order = np.concatenate([rng.permutation(np.arange(s, min(s + block, n))) for s in starts])
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
