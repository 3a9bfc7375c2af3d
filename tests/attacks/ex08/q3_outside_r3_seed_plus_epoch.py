# INTENT (outside: contract only asks same (seed,epoch) same order, different epochs different orders): seed + epoch (as capstone.pipeline): (seed=1, epoch=0) and (seed=0, epoch=1) share an order
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed + epoch, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
