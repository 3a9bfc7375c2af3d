# INTENT: relies on tf.split to refuse a d that does not divide h: it raises InvalidArgumentError, not the ValueError the prompt asks for.
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1s = tf.split(tf.convert_to_tensor(w1), d, axis=1)
    b1s = tf.split(tf.convert_to_tensor(b1), d)
    w2s = tf.split(tf.convert_to_tensor(w2), d, axis=0)
    return list(zip(w1s, b1s, w2s))
