# INTENT: squeezes the labels "for sparse categorical crossentropy": labels given as (n, 1) come back as (n,), a shape the prompt says must stay as given
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    y = np.reshape(y, (len(y),) + tuple(d for d in np.shape(y)[1:] if d != 1))
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed * 1000 + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
