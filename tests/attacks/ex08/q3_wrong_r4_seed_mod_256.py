# INTENT: seed folded into a byte (seed % 256) to pack seed and epoch in one int: seeds 0 and 256 give the same order
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = np.random.default_rng((int(seed) % 256) << 16 | int(epoch))
    order = rng.permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
