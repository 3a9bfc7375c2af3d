# INTENT: right: one permutation of all examples from NumPy's SeedSequence of the pair (seed, epoch) (independent of batch and replicas, same in every process), gathered into copies, batched by the global batch with drop_remainder; x, y untouched
import numpy as np


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    xs, ys = np.asarray(x), np.asarray(y)
    order = np.random.default_rng([int(seed), int(epoch)]).permutation(len(xs))   # a local generator
    ds = tf.data.Dataset.from_tensor_slices((xs[order], ys[order]))              # fancy indexing copies
    ds = ds.batch(global_batch_size, drop_remainder=True)    # the strategy splits each batch over the replicas
    return ds.prefetch(tf.data.AUTOTUNE)
