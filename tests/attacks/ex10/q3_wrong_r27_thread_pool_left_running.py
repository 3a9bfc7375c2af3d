# INTENT: wrong: runs the experts on a module-level ThreadPoolExecutor that is created once and never shut down, leaving threads running after it returns (and state between calls).
from concurrent.futures import ThreadPoolExecutor as _TPE
_moe_pool = _TPE(max_workers=2)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice).astype(np.int64)
    g = np.asarray(gates).astype(x.dtype)
    y = x.copy()
    jobs = {}
    for e in range(len(experts)):
        idx = np.flatnonzero(fc == e)[:capacity]
        if len(idx):
            jobs[e] = (idx, _moe_pool.submit(experts[e], x[idx]))
    for e, (idx, fut) in jobs.items():
        y[idx] += g[idx, None] * np.asarray(fut.result(), dtype=x.dtype)
    return y
