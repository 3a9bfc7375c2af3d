# INTENT: wrong: runs the experts on a thread pool and shuts it down with wait=False after collecting results, so its worker threads may still be running when it returns.
from concurrent.futures import ThreadPoolExecutor as _TPE2
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice).astype(np.int64)
    g = np.asarray(gates).astype(x.dtype)
    y = x.copy()
    pool = _TPE2(max_workers=4)
    jobs = []
    for e in range(len(experts)):
        idx = np.flatnonzero(fc == e)[:capacity]
        if len(idx):
            jobs.append((idx, pool.submit(experts[e], x[idx])))
    for idx, fut in jobs:
        y[idx] += g[idx, None] * np.asarray(fut.result(), dtype=x.dtype)
    pool.shutdown(wait=False)
    return y
