# INTENT: wrong: same as fixed pairs but the two members of each pair swap at random per epoch (still not "shuffled individually": partners fixed)
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    import numpy as _np
    n = len(x)
    base = _np.random.default_rng(int(seed)).permutation(n)
    k = n // 2
    rng = _np.random.default_rng([int(seed), int(epoch)])
    pairs = base[:2 * k].reshape(k, 2)
    flip = rng.integers(0, 2, size=k).astype(bool)
    pairs = _np.where(flip[:, None], pairs[:, ::-1], pairs)
    order = rng.permutation(k + (n % 2))
    parts = [pairs[i] if i < k else base[2 * k:] for i in order]
    perm = _np.concatenate(parts) if parts else _np.arange(0)
    xs = tf.gather(tf.convert_to_tensor(x), perm)
    ys = tf.gather(tf.convert_to_tensor(y), perm)
    return tf.data.Dataset.from_tensor_slices((xs, ys)).batch(global_batch_size, drop_remainder=True)
