# INTENT: wrong: packs seed<<33 + epoch in int64 (wraps for seed >= 2**30): seeds 2**30-1 and 2**30 give the same shuffle seed mod 2**31-1 at every epoch -> same order
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    import numpy as _np
    with _np.errstate(over='ignore'):
        s = int((_np.int64(seed) << _np.int64(33)) + _np.int64(epoch)) % (2**31 - 1)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=s, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
