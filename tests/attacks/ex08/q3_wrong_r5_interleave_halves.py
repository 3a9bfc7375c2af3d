# INTENT: shuffles each half of the data on its own and interleaves them (a "two-shard" shuffle): an example of the first half is always at an even position, never next to ... not an individual shuffle over the whole dataset
import numpy as np
import tensorflow as tf

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = np.random.default_rng([seed, epoch])
    n = len(x)
    h = n // 2
    a, b = rng.permutation(h), h + rng.permutation(n - h)
    order = np.empty(n, dtype=np.int64)
    order[0:2 * h:2], order[1:2 * h:2] = a, b[:h]
    if n - h > h:
        order[-1] = b[-1]
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
