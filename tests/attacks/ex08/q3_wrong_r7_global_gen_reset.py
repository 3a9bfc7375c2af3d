# INTENT: draws the order from tf's global generator after reset_from_seed((seed, epoch)): reproducible, but it resets the session's global generator
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    g = tf.random.get_global_generator()
    g.reset_from_seed(seed * 1_000_003 + epoch)
    order = tf.argsort(g.uniform([len(x)])).numpy()
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True)
