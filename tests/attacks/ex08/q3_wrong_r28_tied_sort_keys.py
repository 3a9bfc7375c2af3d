# INTENT: wrong: "shuffles" by a stable argsort of random byte keys (0..255): ties keep their original order, so on large data neighbours stay in order (not an individual full shuffle).
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    keys = np.random.default_rng([seed, epoch]).integers(0, 256, size=len(x), dtype=np.uint8)
    order = np.argsort(keys, kind="stable")
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
