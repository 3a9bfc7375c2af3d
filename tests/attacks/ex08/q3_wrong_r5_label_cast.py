# INTENT: casts the labels to int32 and the images to float32 "for the model": other dtypes (int64 labels, float64 x) come back changed
import numpy as np
import tensorflow as tf

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([seed, epoch]).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((tf.cast(x[order], tf.float32), tf.cast(y[order], tf.int32)))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
