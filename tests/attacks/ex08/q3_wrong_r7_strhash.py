# INTENT: derives the generator's seed from hash() of a string: Python salts str hashes per process, so a restarted run gets another order
import numpy as np


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = np.random.default_rng(abs(hash(f"{seed}/{epoch}")))
    order = rng.permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True)
