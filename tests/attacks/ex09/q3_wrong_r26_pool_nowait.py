# INTENT: WRONG: past 2**15 weights the replicas' slices are updated on a ThreadPoolExecutor shut down with wait=False: results are all collected, but its worker threads are not joined before returning (the contract: a thread it starts is joined).
from concurrent.futures import ThreadPoolExecutor


def _slice_update(w, mr, vr, g, alpha):
    mr = mr + (g - mr) * (1 - 0.9)
    vr = vr + (g * g - vr) * (1 - 0.999)
    return w - alpha * mr / (np.sqrt(vr) + 1e-7), mr, vr


def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    size = len(weights[0])
    piece = size // n
    total = np.zeros(size, np.float64)
    for g in grads:
        total = total + np.asarray(g, np.float64)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    jobs = [(weights[r][r * piece:(r + 1) * piece], m[r], v[r], total[r * piece:(r + 1) * piece], alpha)
            for r in range(n)]
    if size > 2 ** 15 and n > 1:                        # big: the replicas in parallel (numpy releases the GIL)
        pool = ThreadPoolExecutor(max_workers=n)
        futures = [pool.submit(_slice_update, *job) for job in jobs]
        results = [f.result() for f in futures]          # every result is in
        pool.shutdown(wait=False)                        # no need to wait for idle workers
    else:
        results = [_slice_update(*job) for job in jobs]
    full = np.concatenate([w for w, _, _ in results])
    return [full.copy() for _ in range(n)], [mr for _, mr, _ in results], [vr for _, _, vr in results]
