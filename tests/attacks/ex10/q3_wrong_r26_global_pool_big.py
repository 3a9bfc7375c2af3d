# INTENT: wrong: for big batches (T >= 65 536) experts run on a module-level thread pool that is never shut down -- threads stay running after return (tests stop at 33 000 tokens).
import numpy as np
from concurrent.futures import ThreadPoolExecutor

_pool = None

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    global _pool
    x = np.asarray(x)
    choice = np.asarray(first_choice)
    g = np.asarray(gates).astype(x.dtype)
    groups = [np.flatnonzero(choice == e)[:capacity] for e in range(len(experts))]
    y = x.copy()

    def run(e):
        kept = groups[e]
        return np.asarray(experts[e](x[kept])).astype(x.dtype) if kept.size else None

    if len(x) >= 65536:                                       # big batch: experts in parallel, pool reused
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=4)
        outs = list(_pool.map(run, range(len(experts))))
    else:
        outs = [run(e) for e in range(len(experts))]
    for kept, out in zip(groups, outs):
        if out is not None:
            y[kept] = x[kept] + g[kept][:, None] * out
    return y
