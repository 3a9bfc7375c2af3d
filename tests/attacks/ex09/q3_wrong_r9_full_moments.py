# INTENT: keeps full-length moments on every replica (zeros outside its own slice, "so the indices line up"): same numbers, but each replica no longer keeps only its slice of the moments (stage 1's memory saving lost)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    size = len(weights[0])
    piece = size // n
    total = sum(grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        mf = np.zeros(size, dtype=np.asarray(m[r]).dtype)
        vf = np.zeros(size, dtype=np.asarray(v[r]).dtype)
        if len(m[r]) == size:
            mf[own], vf[own] = m[r][own], v[r][own]
        else:
            mf[own], vf[own] = m[r], v[r]
        g = total[own]
        mf[own] = mf[own] + (g - mf[own]) * (1 - 0.9)
        vf[own] = vf[own] + (g * g - vf[own]) * (1 - 0.999)
        m[r], v[r] = mf, vf
        new.append(weights[r][own] - alpha * mf[own] / (np.sqrt(vf[own]) + 1e-7))
    full = np.concatenate(new)
    return [full.copy() for _ in range(n)], m, v
