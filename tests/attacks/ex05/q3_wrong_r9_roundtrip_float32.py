# INTENT: moves the weights to float32 tensors to slice them (the "usual" dtype) and casts the shards back to the weights' dtype: float64 weights come back with their dtype but not their own values to the bit
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    dtype = tf.as_dtype(w1.dtype)
    h = w1.shape[1]
    if h % d:
        raise ValueError("d must divide h")
    W1, B1, W2 = (tf.cast(tf.convert_to_tensor(a), tf.float32) for a in (w1, b1, w2))
    c = h // d
    return [(tf.cast(W1[:, k * c:(k + 1) * c], dtype), tf.cast(B1[k * c:(k + 1) * c], dtype),
             tf.cast(W2[k * c:(k + 1) * c], dtype)) for k in range(d)]
