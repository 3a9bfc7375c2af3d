# INTENT: batches per replica then rebatches: global_batch_size // num_replicas * num_replicas, short when it does not divide
import numpy as np


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([seed, epoch]).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    per = global_batch_size // num_replicas
    ds = ds.batch(per, drop_remainder=True).rebatch(per * num_replicas) if False else ds.batch(per * num_replicas, drop_remainder=True)
    return ds
