# RE-FILED wrong (issue 38, round 28; filed right in round 22): it sums the gradients in their own dtype: float16 gradients on every replica sum in float16 (5e-4 off, relative); the prompt says float16 is not fine, the sum too (sum them in float32 or float64)
# INTENT: right: in-place style: reduce with np.add into a fresh buffer, update each owner's slice in its own weights, then copy each updated slice into every other replica's weights (broadcast); lists returned are the caller's own (writable) arrays.
import numpy as np

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.zeros(np.shape(grads[0]), np.result_type(*grads))
    for g in grads:
        np.add(total, g, out=total)
    bc1, bc2 = 1 - 0.9 ** t, 1 - 0.999 ** t
    alpha = lr * np.sqrt(bc2) / bc1
    weights = [np.array(w, copy=True) for w in weights]
    m = list(m)
    v = list(v)
    for r in range(n):
        lo, hi = r * piece, (r + 1) * piece
        g = total[lo:hi]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        weights[r][lo:hi] = weights[r][lo:hi] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
    for r in range(n):                      # all-gather: owner r's slice to everyone
        lo, hi = r * piece, (r + 1) * piece
        for q in range(n):
            if q != r:
                weights[q][lo:hi] = weights[r][lo:hi]
    return weights, m, v
