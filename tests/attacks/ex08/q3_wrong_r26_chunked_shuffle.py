# INTENT: wrong: "memory-friendly" shuffle: permutes within blocks of 4096 examples and then the block order, so for more than 4096 examples it is not a full shuffle (an example can only land in batches near its block), exact below that
import numpy as np

_BLOCK = 4096


def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = np.random.default_rng([int(seed), int(epoch)])
    n = len(x)
    blocks = [np.arange(s, min(s + _BLOCK, n)) for s in range(0, n, _BLOCK)]
    order = np.concatenate([rng.permutation(b) for b in (blocks[i] for i in rng.permutation(len(blocks)))])
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[order], np.asarray(y)[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
