# INTENT: wrong: order depends on num_replicas
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=seed + epoch * num_replicas, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
