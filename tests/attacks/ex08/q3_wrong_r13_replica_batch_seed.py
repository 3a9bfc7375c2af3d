# INTENT: wrong: shuffle seed changes when num_replicas > 4 (order depends on num_replicas)
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=seed + epoch + (global_batch_size // num_replicas) * 0 + (num_replicas > 4), reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
