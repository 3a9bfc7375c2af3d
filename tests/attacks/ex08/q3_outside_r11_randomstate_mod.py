# INTENT: wrong: RandomState((seed*7919+epoch) % 2**32): epochs e and e+2**32 of one seed give the same order ("any epoch")
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    import numpy as np
    perm = np.random.RandomState((seed * 7919 + epoch) % 2**32).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x)[perm], np.asarray(y)[perm]))
    return ds.batch(global_batch_size, drop_remainder=True)
