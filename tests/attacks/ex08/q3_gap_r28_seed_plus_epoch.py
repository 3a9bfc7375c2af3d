# GAP (issue 38, round 28): the solution and gpukit.capstone.pipeline do seed + epoch too (epoch 2**31 - 1 - seed repeats epoch 0's order); catching it needs the solution changed and takes points from kept rights q3_right_r10_tfdata_seed_plus_epoch and q3_right_r11_pack31 (mod 2**31 - 1 the same seed)
# INTENT: wrong: tf.data shuffle seeded with seed + epoch (the lesson's recipe): TensorFlow reduces it modulo 2**31 - 1, so epoch 0 and epoch 2**31 - 1 of one seed give the same order ("different epochs ... for any epoch").
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed + epoch, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
