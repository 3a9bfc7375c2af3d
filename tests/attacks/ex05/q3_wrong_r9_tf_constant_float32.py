# INTENT: converts the weights with tf.constant(..., tf.float32) for slicing ("the default dtype"): float64 weights come back as float32 shards
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = int(w1.shape[1])
    if h % d:
        raise ValueError("d must divide h")
    c = h // d
    W1, B1, W2 = (tf.constant(a, dtype=tf.float32) if not isinstance(a, tf.Tensor) else a for a in (w1, b1, w2))
    return [(W1[:, k * c:(k + 1) * c], B1[k * c:(k + 1) * c], W2[k * c:(k + 1) * c]) for k in range(d)]
