# INTENT: reduce(np.add) returns grads[0] itself when there is one replica; the gradient is then squared in place into it
from functools import reduce

def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = reduce(np.add, grads)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    pieces = []
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        np.multiply(g, g, out=g)                  # g now holds g*g (saves an array)
        v[r] = v[r] + (g - v[r]) * (1 - 0.999)
        pieces.append(weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7))
    for r in range(n):
        for q in range(n):
            weights[r][q * piece:(q + 1) * piece] = pieces[q]
    return weights, m, v
