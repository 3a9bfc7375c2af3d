# GAP (issue 38, round 28): a hash's collisions are pairs of its own (as round 16's crc32): a birthday search over 31 bits needs ~50 000 pipelines per answer
# INTENT: wrong: hashes (seed, epoch) into one 31-bit tf.data shuffle seed: by pigeonhole some different epochs of one seed (and different seeds) must share a seed and so an order ("for any epoch and any seed"), though no small test finds the collision.
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    mixed = int(np.random.SeedSequence([seed, epoch]).generate_state(1, dtype=np.uint64)[0] % (2**31 - 1))
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=mixed, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
