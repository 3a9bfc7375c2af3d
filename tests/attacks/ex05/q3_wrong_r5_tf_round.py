# INTENT: converts through tf.convert_to_tensor with the default float dtype (float32) "for TensorFlow": a float64 pair's shards are rounded to float32
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = int(w1.shape[1])
    if h % d:
        raise ValueError("uneven")
    s = h // d
    w1, b1, w2 = (tf.cast(tf.convert_to_tensor(v), tf.float32) for v in (w1, b1, w2))
    out = []
    for k in range(d):
        out.append((w1[:, k * s:(k + 1) * s], b1[k * s:(k + 1) * s], w2[k * s:(k + 1) * s, :]))
    return out
