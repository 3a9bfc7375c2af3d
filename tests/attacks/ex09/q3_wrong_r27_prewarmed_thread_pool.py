# INTENT: wrong: runs the per-replica updates on a module-level thread pool started (and warmed) when the cell runs and never shut down, so no thread is started or left by the call itself; breaks "no ... thread pool ... kept between calls".
import concurrent.futures

_POOL = concurrent.futures.ThreadPoolExecutor(max_workers=4)
list(_POOL.map(lambda _: None, range(64)))   # start the workers now


def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.zeros(len(weights[0]), dtype=np.float64)      # the all-reduce, into a buffer of our own
    for g in grads:
        total += np.asarray(g, dtype=np.float64)              # reads g only (no copy written back)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_weights = [np.array(w, copy=True) for w in weights]  # every replica its own array
    new_m, new_v = [], []
    def one(r):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m_r = m[r] + (g - m[r]) * (1 - 0.9)
        v_r = v[r] + (g * g - v[r]) * (1 - 0.999)
        return own, m_r, v_r, weights[r][own] - alpha * m_r / (np.sqrt(v_r) + 1e-7)
    for own, m_r, v_r, updated in _POOL.map(one, range(n)):   # one worker per replica
        for q in range(n):
            new_weights[q][own] = updated
        new_m.append(m_r)
        new_v.append(v_r)
    return new_weights, new_m, new_v
