# INTENT: the permutation from tf.random.shuffle with an op seed: a stateful op, its result depends on the global seed and on how many times it was called
import tensorflow as tf

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = tf.random.shuffle(tf.range(len(x)), seed=seed * 100_003 + epoch)
    ds = tf.data.Dataset.from_tensor_slices((tf.gather(x, order), tf.gather(y, order)))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
