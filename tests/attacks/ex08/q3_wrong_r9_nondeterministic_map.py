# INTENT: follows the tf.data performance guide: the per-example gather after the shuffle runs as a parallel map with deterministic=False, so the elements may come out in another order from run to run: the same (seed, epoch) is not guaranteed the same order
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([seed, epoch]).permutation(len(x))
    xt, yt = tf.constant(x), tf.constant(y)
    ds = tf.data.Dataset.from_tensor_slices(order)
    ds = ds.map(lambda i: (tf.gather(xt, i), tf.gather(yt, i)),
                num_parallel_calls=tf.data.AUTOTUNE, deterministic=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
