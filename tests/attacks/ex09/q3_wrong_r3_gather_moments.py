# RULED wrong (issue 38, round 14; was outside): views of one common buffer: the lead's ruling of round 14 (reversing rounds 5-13): each replica's weights and moments its own arrays, no shared base, no full-size moment behind a slice; the prompt now says so
# INTENT: all-gathers the optimizer state (moments) and every replica updates the whole weights, then keeps its slice: communicates the moments, which ZeRO-1 exists to avoid
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(m[0])
    total = sum(grads)
    mm = np.concatenate(m)
    vv = np.concatenate(v)
    mm = mm + (total - mm) * 0.1
    vv = vv + (total * total - vv) * 0.001
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_w = [w - alpha * mm / (np.sqrt(vv) + 1e-7) for w in weights]
    return new_w, [mm[r * piece:(r + 1) * piece] for r in range(n)], [vv[r * piece:(r + 1) * piece] for r in range(n)]
