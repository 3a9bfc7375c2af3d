# INTENT: wrong: marks the caller's numpy x and y read-only "to be safe" (contract: x and y left as they are; the caller can no longer write them)
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    for a in (x, y):
        if isinstance(a, np.ndarray):
            a.setflags(write=False)
    perm = np.random.default_rng([seed, epoch]).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((tf.gather(x, perm), tf.gather(y, perm)))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
