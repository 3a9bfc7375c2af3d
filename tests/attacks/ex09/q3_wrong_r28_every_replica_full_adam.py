# INTENT: wrong: every replica gathers all the moment slices and runs the whole Adam update itself (no sharded update, each replica reads the other replicas' moments), then keeps its own slice copy; the values match, the stage-1 scheme does not.
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.sum([np.asarray(g, np.float64) for g in grads], axis=0)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    out_w, out_m, out_v = [], [], []
    for r in range(n):
        fm = np.concatenate(m)                         # all of the others' moments, on replica r
        fv = np.concatenate(v)
        fm = fm + (total - fm) * (1 - 0.9)
        fv = fv + (total * total - fv) * (1 - 0.999)
        out_w.append((weights[r] - alpha * fm / (np.sqrt(fv) + 1e-7)).astype(weights[r].dtype))
        out_m.append(fm[r * piece:(r + 1) * piece].copy())
        out_v.append(fv[r * piece:(r + 1) * piece].copy())
    return out_w, out_m, out_v
