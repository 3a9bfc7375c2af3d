# INTENT: right: full permutation from a local NumPy Generator seeded with [seed, epoch] (injective in both), gathered copies, batch of global_batch_size with drop_remainder.
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([int(seed), int(epoch)]).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((np.take(x, order, axis=0), np.take(y, order, axis=0)))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
