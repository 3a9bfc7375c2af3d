# INTENT: right: tf.split of w1 and b1 along the hidden axis and of w2 along its rows, returned as tensors of the weights' own dtype; ValueError when d does not divide h.
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = int(w1.shape[1])
    if h % d != 0:
        raise ValueError(f"cannot split a hidden width of {h} over {d} devices evenly")
    w1_t, b1_t, w2_t = tf.convert_to_tensor(w1), tf.convert_to_tensor(b1), tf.convert_to_tensor(w2)
    w1s = tf.split(w1_t, d, axis=1)
    b1s = tf.split(b1_t, d, axis=0)
    w2s = tf.split(w2_t, d, axis=0)
    return tuple(zip(w1s, b1s, w2s))
