# INTENT: wrong: one permutation per seed, each epoch rotates it by epoch*batch: epochs differ but are the last epoch's order moved, not a new shuffle.
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng(int(seed)).permutation(len(x))
    order = np.roll(order, -(int(epoch) * 7919) % max(len(x), 1))
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
