# INTENT: returns 2-D numpy arrays (n x size, n x piece) instead of the lists the contract promises
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    W = np.array(weights, dtype=np.float64)
    M = np.array(m, dtype=np.float64)
    V = np.array(v, dtype=np.float64)
    n = W.shape[0]
    total = np.sum(grads, axis=0)
    G = total.reshape(n, -1)
    M = M + (G - M) * (1 - 0.9)
    V = V + (G * G - V) * (1 - 0.999)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    full = (W[0].reshape(n, -1) - alpha * M / (np.sqrt(V) + 1e-7)).reshape(-1)
    return np.tile(full, (n, 1)), M, V
