# INTENT: shuffle buffer of 1024 examples ("big enough"), seed from (seed, epoch): not a full shuffle once the data set is larger
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    s = int(tf.random.stateless_uniform([], [seed, epoch], maxval=2**31 - 1, dtype=tf.int64))
    ds = ds.shuffle(min(len(x), 1024), seed=s, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True)
