# INTENT: wrong: hand-written Fisher-Yates with j drawn from 1..i: example 0 never moves, always first in batch 0 (not a full shuffle)
import numpy as np
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    n = len(x)
    rng = np.random.default_rng([seed, epoch])
    order = np.arange(n)
    for i in range(n - 1, 0, -1):
        j = int(rng.integers(1, i + 1))
        order[i], order[j] = order[j], order[i]
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
