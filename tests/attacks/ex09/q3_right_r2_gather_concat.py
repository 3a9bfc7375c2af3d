# INTENT: correct - each replica updates its own slice (slice bounds from the moment lengths), then the slices are all-gathered by concatenation into fresh full copies (public check: passed)
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    total = np.sum(np.stack(grads), axis=0)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    starts = np.cumsum([0] + [len(x) for x in m])
    new_m, new_v, pieces = [], [], []
    for r in range(n):
        g = total[starts[r]:starts[r + 1]]
        mr = 0.9 * m[r] + 0.1 * g
        vr = 0.999 * v[r] + 0.001 * g * g
        pieces.append(weights[r][starts[r]:starts[r + 1]] - alpha * mr / (np.sqrt(vr) + 1e-7))
        new_m.append(mr)
        new_v.append(vr)
    full = np.concatenate(pieces + [weights[0][starts[-1]:]])
    return [full.copy() for _ in range(n)], new_m, new_v
