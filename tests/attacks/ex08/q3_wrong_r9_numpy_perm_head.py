# INTENT: permutes only the first n - n % batch indices (the ones that fill whole batches): the last n % batch examples never appear in any epoch, so they can land in no batch
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    usable = len(x) // global_batch_size * global_batch_size
    order = np.random.default_rng([seed, epoch]).permutation(usable)
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size).prefetch(tf.data.AUTOTUNE)
