# INTENT: wrong: a NaN guard that writes into the caller's x (np.nan_to_num(copy=False)): x not "left as they are" when it holds non-finite values
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    s = (int(seed) + int(epoch) * 7919) % (2**31 - 1)
    import numpy as _np
    if isinstance(x, _np.ndarray) and x.dtype.kind == "f":
        _np.nan_to_num(x, copy=False)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=s, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
