# INTENT: wrong: the order also depends on global_batch_size (mixed into the generator's seed); contract: on (seed, epoch) only
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    perm = np.random.default_rng([seed, epoch, global_batch_size]).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((tf.gather(x, perm), tf.gather(y, perm)))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
