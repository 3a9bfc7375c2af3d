# INTENT: wrong: (seed + epoch) % 2**31: seeds 2**31-3 and 2**31-2 collide at epoch 2 (0 and 2**31-1 = 0 for TF)
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=(seed + epoch) % 2**31, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
