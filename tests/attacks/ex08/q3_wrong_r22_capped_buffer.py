# INTENT: wrong: shuffle buffer capped at 10_000 "for memory": for datasets larger than that it is not a full shuffle (early examples cannot reach the last batches); seeds are otherwise right.
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    s = int(np.random.default_rng([int(seed), int(epoch)]).integers(0, 2**31 - 1))
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(min(len(x), 10_000), seed=s, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
