# INTENT: wrong: caches to a disk file named by x's and y's shapes and dtypes only: a later call with other values of the same shape (or after a restart) reads the first call's examples, and leaves files behind (state kept between calls).
import os, tempfile

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    path = os.path.join(tempfile.gettempdir(), f"capstone_cache_{'x'.join(map(str, x.shape))}_{x.dtype}_{'x'.join(map(str, y.shape))}_{y.dtype}")
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache(path)
    ds = ds.shuffle(len(x), seed=int(seed) * 1_000_003 + int(epoch), reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
