# INTENT: wrong: shuffle buffer capped at 1,000,000 examples to save memory: on a larger dataset (ImageNet's 1.28 M) it is no full shuffle.
# RULED gap (issue 38, round 16): a pipeline built on more than 10**6 examples costs kept right answers that permute in numpy up to 0.2 CPU s each (the budget: 0.05 s)
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(min(len(x), 1_000_000), seed=int(seed) * 1_000_003 + int(epoch), reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
