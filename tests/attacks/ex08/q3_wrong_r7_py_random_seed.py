# INTENT: Python's random module seeded with (seed, epoch) for the shuffle: reproducible, but reseeds the session's random
import random
import numpy as np


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    random.seed(seed * 1_000_003 + epoch)
    order = list(range(len(x)))
    random.shuffle(order)
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True)
