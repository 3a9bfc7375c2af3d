# INTENT: WRONG: the step size alpha(t, lr) is memoised in a dict living in a suspended generator's frame (a coroutine kept at module level): state kept between calls, which the contract forbids (values stay right).
def _alpha_memo():
    table = {}
    key = yield None
    while True:
        t, lr = key
        if key not in table:
            table[key] = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
        key = yield table[key]


_alpha = _alpha_memo()
next(_alpha)


def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.add.reduce([np.asarray(g, np.float64) for g in grads])
    alpha = _alpha.send((t, float(lr)))
    slices, new_m, new_v = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        new_m.append(m[r] + (g - m[r]) * (1 - 0.9))
        new_v.append(v[r] + (g * g - v[r]) * (1 - 0.999))
        slices.append(weights[r][own] - alpha * new_m[r] / (np.sqrt(new_v[r]) + 1e-7))
    full = np.concatenate(slices)
    return [full.copy() for _ in range(n)], new_m, new_v
