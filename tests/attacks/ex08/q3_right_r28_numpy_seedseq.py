# INTENT: right: a full permutation from NumPy's SeedSequence of (seed, epoch) (a local generator, any size of ints), gathered into copies, batched by the global batch with the partial batch dropped.
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    n = len(x)
    order = np.random.default_rng([int(seed), int(epoch)]).permutation(n)   # depends on (seed, epoch) only
    used = order[: n // global_batch_size * global_batch_size]              # drop only the last partial batch
    xs, ys = np.take(x, used, axis=0), np.take(y, used, axis=0)             # copies: x and y untouched
    ds = tf.data.Dataset.from_tensor_slices((xs, ys))
    ds = ds.batch(global_batch_size, drop_remainder=True)                   # the strategy splits each batch
    return ds.prefetch(tf.data.AUTOTUNE)
