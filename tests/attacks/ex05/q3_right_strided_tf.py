# INTENT: correct, other partition: device k gets hidden units k, k+d, k+2d, ... (strided) of w1/b1 and the same rows of w2, with tf.gather; ValueError when d does not divide h.
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = tf.convert_to_tensor(w1), tf.convert_to_tensor(b1), tf.convert_to_tensor(w2)
    h = int(w1.shape[1])
    if not isinstance(d, int) or d < 1 or h % d != 0:
        raise ValueError(f"cannot split a hidden width of {h} over d={d} devices evenly")
    shards = []
    for k in range(d):
        idx = tf.range(k, h, d)
        shards.append((tf.gather(w1, idx, axis=1), tf.gather(b1, idx), tf.gather(w2, idx, axis=0)))
    return shards
