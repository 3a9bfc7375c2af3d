# INTENT: uses the global tf.random generator reseeded from (seed, epoch): reproducible, but resets the session's global generator
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    tf.random.set_global_generator(tf.random.Generator.from_seed(seed * 1_000_003 + epoch))
    order = tf.argsort(tf.random.get_global_generator().uniform([len(x)])).numpy()
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True)
