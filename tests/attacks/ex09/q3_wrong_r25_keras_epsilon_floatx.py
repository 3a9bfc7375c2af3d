# INTENT: WRONG - takes epsilon and the compute dtype from Keras' session settings (keras.config.epsilon(), keras.config.floatx()) instead of 1e-7 and float32+: the step depends on global state, not only on its arguments (a session with floatx float16 or another epsilon gets a different update).
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    eps, dtype = keras.config.epsilon(), np.dtype(keras.config.floatx())   # Keras' Adam defaults
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.zeros(len(weights[0]), dtype)
    for g in grads:
        total = total + g.astype(dtype)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_m, new_v, slices = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        new_m.append((m[r] + (g - m[r]) * (1 - 0.9)).astype(dtype))
        new_v.append((v[r] + (g * g - v[r]) * (1 - 0.999)).astype(dtype))
        slices.append(weights[r][own] - alpha * new_m[r] / (np.sqrt(new_v[r]) + eps))
    full = np.concatenate(slices)
    return [full.astype(dtype, copy=True) for _ in range(n)], new_m, new_v
