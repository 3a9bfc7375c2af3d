# INTENT: a "large enough" shuffle buffer of 1024: a full shuffle only for datasets up to 1024 examples
import numpy as np
import tensorflow as tf

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(1024, seed=int(np.random.default_rng([seed, epoch]).integers(2**31)), reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
