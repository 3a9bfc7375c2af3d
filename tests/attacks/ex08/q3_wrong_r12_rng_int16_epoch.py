# INTENT: default_rng([seed, np.uint16(epoch)]): epoch stored in 16 bits, epochs 0 and 65536 repeat
import numpy as _np
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    perm = _np.random.default_rng([seed, int(_np.uint16(epoch % 65536))]).permutation(len(x))
    return tf.data.Dataset.from_tensor_slices((_np.asarray(x)[perm], _np.asarray(y)[perm])).batch(global_batch_size, drop_remainder=True)
