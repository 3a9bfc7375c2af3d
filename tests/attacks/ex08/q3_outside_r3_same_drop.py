# INTENT (outside: the contract does not ask each example to be reachable): drops the remainder BEFORE shuffling (x[:full]): the same last examples are never seen in any epoch
import numpy as np
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    full = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:full], y[:full]))
    ds = ds.shuffle(full, seed=seed * 100_003 + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size).prefetch(tf.data.AUTOTUNE)
