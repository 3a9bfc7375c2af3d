# CAUGHT (issue 38, round 28; a gap in round 27): the solution now sums in float64 and a hidden case hands float16 gradients on every replica: sum(grads) in float16 is 5e-4 off (relative)
# INTENT: wrong: the minimal fix (each owner's updated slice copied to the other replicas) but keeps the colleague's `total = sum(grads)`, which sums float16 gradients in float16 (a step partly in float16); breaks "float16 is not [fine]" when grads hold float16 arrays.
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = sum(grads)                                        # the all-reduce
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
        weights[r][own] = weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
        for q in range(n):                                    # the missing all-gather
            if q != r:
                weights[q][own] = weights[r][own]
    return weights, m, v
