# INTENT: wrong: casts x to float32 (and y to int32) "for the accelerator": float64/uint8/int64 inputs come back with another dtype, the contract says unchanged dtypes.
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    order = np.random.default_rng([int(seed), int(epoch)]).permutation(len(x))
    xs = np.asarray(x, dtype=np.float32)[order]
    ys = np.asarray(y).astype(np.int32)[order] if np.issubdtype(np.asarray(y).dtype, np.integer) else np.asarray(y)[order]
    ds = tf.data.Dataset.from_tensor_slices((xs, ys))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
