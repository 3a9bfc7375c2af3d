# INTENT: wrong: (seed*1000003 + epoch) % 2**31: the seed whose product is 2**31-1 mod 2**31 collides with seed 0 (TF reduces mod 2**31-1)
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=(seed * 1000003 + epoch) % 2**31, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
