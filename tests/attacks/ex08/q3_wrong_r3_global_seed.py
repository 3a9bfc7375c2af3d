# INTENT (outside in round 3; wrong since round 4, the prompt says: leave the process as you found it): sets the global TF seed from (seed, epoch) instead of the op seed: a side effect on the whole program
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    tf.random.set_seed(seed * 1000 + epoch)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
