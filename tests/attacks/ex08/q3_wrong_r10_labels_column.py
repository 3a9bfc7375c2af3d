# INTENT: reshapes labels to a column (n, 1) 'as Keras likes them': y's shape changes
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    y2 = np.reshape(y, (len(y), -1))
    ds = tf.data.Dataset.from_tensor_slices((x, y2)).cache()
    ds = ds.shuffle(len(x), seed=seed * 1_000_003 + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
