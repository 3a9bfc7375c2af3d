# INTENT: WRONG - device k's shard is "the pair times its ownership mask", then the owned columns/rows kept (tf.boolean_mask): x*1 keeps -0.0, inf and NaN, but TensorFlow's CPU kernels flush subnormal floats to zero, so a tiny (subnormal) weight is not the pair's own value to the bit.
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1_t, b1_t, w2_t = tf.convert_to_tensor(w1), tf.convert_to_tensor(b1), tf.convert_to_tensor(w2)
    h = int(w1_t.shape[1])
    if int(d) != d or d < 1 or h % d:
        raise ValueError(f"hidden width {h} is not divisible by d={d}")
    owner = tf.range(h) // (h // int(d))                   # which device owns each hidden unit
    shards = []
    for k in range(int(d)):
        mine = tf.equal(owner, k)
        mask = tf.cast(mine, w1_t.dtype)
        shards.append((tf.boolean_mask(w1_t * mask[None, :], mine, axis=1),
                       tf.boolean_mask(b1_t * mask, mine, axis=0),
                       tf.boolean_mask(w2_t * mask[:, None], mine, axis=0)))
    return shards
