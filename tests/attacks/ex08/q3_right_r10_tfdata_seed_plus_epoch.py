# INTENT: (ruled RIGHT, round 10: the binding ruling, shuffle(seed) with TensorFlow's global seed unset is right; the prompt now says the global seed stays unset) exactly gpukit.capstone.pipeline's shuffle (seed + epoch, op-level seed only): the order also follows TensorFlow's global seed (tf.random.set_seed)
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
