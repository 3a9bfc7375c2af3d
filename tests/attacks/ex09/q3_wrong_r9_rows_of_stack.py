# RULED wrong (issue 38, round 14; was outside): views of one common buffer: the lead's ruling of round 14 (reversing rounds 5-13): each replica's weights and moments its own arrays, no shared base, no full-size moment behind a slice; the prompt now says so
# INTENT (outside, round 9 ruling: it also updates every slice from replica 0's weights, like q3_outside_r9_gather_from_zero; the contract covers replicas equal on input; its rows and np.split slices are non-overlapping, right by the round-5 ruling): vectorised: the replicas' weights as rows of one 2-D array (np.tile) and the moments as np.split views of one vector: every replica's state lives in one shared buffer (one device), not arrays of its own
def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    total = sum(grads)
    M = np.concatenate(m)
    V = np.concatenate(v)
    M = M + (total - M) * (1 - 0.9)
    V = V + (total * total - V) * (1 - 0.999)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    new = weights[0] - alpha * M / (np.sqrt(V) + 1e-7)
    W = np.tile(new, (n, 1))
    return list(W), np.split(M, n), np.split(V, n)
