# INTENT: wrong: computes Adam on the full vector then gives each replica np.ascontiguousarray(full_m[own]) believing it copies; a 1-D slice is already contiguous so it is a view, keeping the full-size moments alive behind every replica's slice.
import numpy as np

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.add.reduce([np.asarray(g) for g in grads])
    m_full = np.concatenate(m)
    v_full = np.concatenate(v)
    m_full = m_full + (total - m_full) * (1 - 0.9)
    v_full = v_full + (total * total - v_full) * (1 - 0.999)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new_w = weights[0] - alpha * m_full / (np.sqrt(v_full) + 1e-7)
    own = [slice(r * piece, (r + 1) * piece) for r in range(n)]
    return ([np.array(new_w, copy=True) for _ in range(n)],
            [np.ascontiguousarray(m_full[s]) for s in own],
            [np.ascontiguousarray(v_full[s]) for s in own])
