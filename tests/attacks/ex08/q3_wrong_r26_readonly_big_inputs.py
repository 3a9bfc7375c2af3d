# INTENT: wrong: for inputs over 1 MB it shuffles zero-copy views and marks the caller's x and y read-only "so the cache cannot go stale": the given arrays' flags change (no longer writable) for large data only
import numpy as np


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    if isinstance(x, np.ndarray) and x.nbytes > 2**20:
        for a in (x, y):
            if isinstance(a, np.ndarray):
                a.flags.writeable = False      # tf.data may alias large host buffers
    order = np.random.default_rng([int(seed), int(epoch)]).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
