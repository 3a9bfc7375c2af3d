# INTENT: drops a trailing channel of size 1 from x ("Dense layers want (n, features)"): x given as (n, 1) or (n, 28, 28, 1) comes back with another shape
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    x = np.asarray(x)
    if x.ndim > 1 and x.shape[-1] == 1:
        x = x[..., 0]
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed * 1000 + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
