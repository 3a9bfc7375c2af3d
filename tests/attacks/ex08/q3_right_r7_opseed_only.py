# INTENT: tf.data shuffle with only an op seed from (seed, epoch): the order then also depends on TF's global seed (another process / a set_seed gives another order)
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=seed * 100_003 + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
