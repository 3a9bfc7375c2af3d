# INTENT: shuffles x and y as two datasets with different seeds and zips them: the labels no longer match their examples
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    s = seed * 100_003 + epoch
    dx = tf.data.Dataset.from_tensor_slices(x).shuffle(len(x), seed=s, reshuffle_each_iteration=False)
    dy = tf.data.Dataset.from_tensor_slices(y).shuffle(len(y), seed=s + 1, reshuffle_each_iteration=False)
    ds = tf.data.Dataset.zip((dx, dy)).batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
