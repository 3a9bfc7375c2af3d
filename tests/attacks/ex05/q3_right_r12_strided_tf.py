def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = int(w1.shape[1])
    if d < 1 or h % d:
        raise ValueError(f"d={d} does not divide h={h}")
    w1, b1, w2 = tf.constant(w1), tf.constant(b1), tf.constant(w2)
    # device k owns hidden units k, k+d, k+2d, ...: any partition of the hidden units works
    return [(w1[:, k::d], b1[k::d], w2[k::d, :]) for k in range(d)]
