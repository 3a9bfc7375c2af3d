# INTENT: sets tf.data Options().deterministic = False for speed (tf.data performance guide) with a parallel map: the order is no longer guaranteed
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([seed, epoch]).permutation(len(x))
    xs, ys = tf.convert_to_tensor(x), tf.convert_to_tensor(y)
    ds = tf.data.Dataset.from_tensor_slices(order)
    ds = ds.map(lambda i: (tf.gather(xs, i), tf.gather(ys, i)), num_parallel_calls=tf.data.AUTOTUNE)
    ds = ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
    options = tf.data.Options()
    options.deterministic = False
    return ds.with_options(options)
