# INTENT: folds the epoch as epoch % 1000 into the seed ("never train 1000 epochs"): epochs 0 and 1000 repeat
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    s = (seed * 1000 + epoch % 1000) % (2**31 - 1)
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=s, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True)
