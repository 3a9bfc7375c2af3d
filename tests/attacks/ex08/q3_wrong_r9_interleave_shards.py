# INTENT: shuffles within each of num_replicas contiguous shards then interleaves them (thinking of per-replica input): the order depends on num_replicas and an example can only land in its shard's positions
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = np.random.default_rng([seed, epoch])
    n = len(x)
    shards = np.array_split(np.arange(n), num_replicas)
    shuffled = [rng.permutation(s) for s in shards]
    order = [i for group in zip(*shuffled) for i in group]
    rest = [s[len(order) // num_replicas:] for s in shuffled]
    order = np.array(order + [i for r in rest for i in r], dtype=np.int64)
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
