# INTENT: wrong: normalises the caller's x in place with x += 0 (turns -0.0 into 0.0): x not left as it is
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    s = (int(seed) + int(epoch) * 7919) % (2**31 - 1)
    import numpy as _np
    if isinstance(x, _np.ndarray) and x.dtype.kind == "f" and x.flags.writeable:
        x += 0.0
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=s, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
