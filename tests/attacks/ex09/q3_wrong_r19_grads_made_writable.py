# INTENT: wrong: sums the replicas' gradients in the caller's grads[0] (made writable first when it is read-only: flags.writeable = True) and puts its values back after: grads is not "only read", and a read-only array comes back writable
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    buf = grads[0]
    if not buf.flags.writeable:
        buf.flags.writeable = True      # scratch space for the all-reduce, no extra allocation
    saved = buf.copy()
    for g in grads[1:]:
        np.add(buf, g, out=buf)
    total = buf.copy()
    buf[...] = saved
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_m, new_v, new_slices = [], [], []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        mr = m[r] + (g - m[r]) * (1 - 0.9)
        vr = v[r] + (g * g - v[r]) * (1 - 0.999)
        new_m.append(mr)
        new_v.append(vr)
        new_slices.append(weights[r][own] - alpha * mr / (np.sqrt(vr) + 1e-7))
    full = np.concatenate(new_slices)
    return [full.copy() for _ in range(n)], new_m, new_v
