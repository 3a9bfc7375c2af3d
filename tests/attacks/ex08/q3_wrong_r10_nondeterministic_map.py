# INTENT: 'Better performance' advice: parallel map with deterministic=False after the seeded shuffle: elements can come out in another order from run to run
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([seed, epoch]).permutation(len(x))
    xs, ys = tf.convert_to_tensor(x), tf.convert_to_tensor(y)
    ds = tf.data.Dataset.from_tensor_slices(order)
    ds = ds.map(lambda i: (tf.gather(xs, i), tf.gather(ys, i)),
                num_parallel_calls=tf.data.AUTOTUNE, deterministic=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
