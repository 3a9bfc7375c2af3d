# INTENT: shuffles the caller's arrays in place with numpy (modifies its input; a second call with the same (seed, epoch) starts from a permuted array)
import numpy as np

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    rng = np.random.default_rng([seed, epoch])
    state = rng.bit_generator.state
    rng.shuffle(x)
    rng.bit_generator.state = state
    rng.shuffle(y)
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
