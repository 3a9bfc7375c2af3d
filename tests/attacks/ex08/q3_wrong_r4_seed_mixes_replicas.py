# INTENT: mixes num_replicas into the shuffle seed ("one order per setup"): the same (seed, epoch) gives another order when the run restarts on another number of replicas
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = np.random.default_rng([int(seed), int(epoch), int(num_replicas)])
    order = rng.permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
