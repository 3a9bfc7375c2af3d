# INTENT: shuffles x and y as two datasets (seeds s and s+1, "independent streams") and zips them: labels no longer match their examples
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    s = seed * 100_003 + epoch
    n = len(x)
    dx = tf.data.Dataset.from_tensor_slices(x).shuffle(n, seed=s, reshuffle_each_iteration=False)
    dy = tf.data.Dataset.from_tensor_slices(y).shuffle(n, seed=s + 1, reshuffle_each_iteration=False)
    ds = tf.data.Dataset.zip((dx, dy))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
