# RE-FILED wrong (issue 38, round 28; filed right in round 1): it sums the gradients in their own dtype: float16 gradients on every replica sum in float16 (5e-4 off, relative); the prompt says float16 is not fine, the sum too (sum them in float32 or float64)
# INTENT: each replica updates its own (possibly padded) slice of the summed gradient, then every replica gathers all updated slices into its own full copy.
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    size = len(weights[0])
    piece = -(-size // n)                                     # slice length (padded)
    m = [np.concatenate([np.asarray(x, dtype=np.float64), np.zeros(piece - len(x))]) for x in m]
    v = [np.concatenate([np.asarray(x, dtype=np.float64), np.zeros(piece - len(x))]) for x in v]
    total = np.asarray(sum(grads), dtype=np.float64)          # the all-reduce
    total = np.concatenate([total, np.zeros(piece * n - size)])
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_m, new_v, updated = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        w = np.concatenate([np.asarray(weights[r], dtype=np.float64), np.zeros(piece * n - size)])
        updated.append(w[own] - alpha * mr / (np.sqrt(vr) + 1e-7))
        new_m.append(mr)
        new_v.append(vr)
    full = np.concatenate(updated)[:size]                     # the all-gather
    new_weights = [full.astype(np.asarray(weights[r]).dtype).copy() for r in range(n)]
    return new_weights, new_m, new_v
