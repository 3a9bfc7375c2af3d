# INTENT: wrong: computes the step with TensorFlow on each replica's device and hands back tensor.numpy() arrays; the moment slices may not own their data (TF-owned buffers) and the sum is done in the gradients' own dtype (float16 gradients summed in float16).
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = tf.add_n([tf.constant(g) for g in grads])                     # the all-reduce
    total = tf.cast(total, weights[0].dtype)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_m, new_v, slices = [], [], []
    for r in range(n):
        with tf.device(f"/cpu:{r % len(tf.config.list_logical_devices('CPU'))}"):
            g = total[r * piece:(r + 1) * piece]
            m_r = tf.constant(m[r]) + (g - tf.constant(m[r])) * (1 - 0.9)
            v_r = tf.constant(v[r]) + (g * g - tf.constant(v[r])) * (1 - 0.999)
            w = tf.constant(weights[r][r * piece:(r + 1) * piece])
            slices.append(w - alpha * m_r / (tf.sqrt(v_r) + 1e-7))
        new_m.append(m_r.numpy()); new_v.append(v_r.numpy())
    full = tf.concat(slices, axis=0)
    new_w = [full.numpy() for _ in range(n)]                              # every replica its own copy
    return new_w, new_m, new_v
