# INTENT: wrong: batches per-replica then rebatches to (global_batch_size // num_replicas) * num_replicas, so a global batch not divisible by num_replicas (e.g. 18 over 4) yields 16-example batches.
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([int(seed), int(epoch)]).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    per = global_batch_size // num_replicas
    ds = ds.batch(per, drop_remainder=True).rebatch(per * num_replicas, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
