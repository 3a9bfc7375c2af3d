# INTENT: wrong: shuffle buffer capped at 50,000 examples "to bound memory": not a full shuffle on a larger dataset
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(min(len(x), 50_000), seed=seed * 1_000_003 + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
