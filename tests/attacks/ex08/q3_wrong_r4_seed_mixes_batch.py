# INTENT: mixes the global batch size into the shuffle seed: the same (seed, epoch) gives another order for another batch size
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = np.random.default_rng([int(seed), int(epoch), int(global_batch_size)])
    order = rng.permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
