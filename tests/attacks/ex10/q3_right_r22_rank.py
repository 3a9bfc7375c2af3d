# INTENT: right: computes each token's rank within its expert by a stable argsort (int64 counts), keeps rank < capacity, then dispatches per expert.
import numpy as np
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice).astype(np.int64)
    order = np.argsort(fc, kind="stable")
    counts = np.bincount(fc, minlength=len(experts)).astype(np.int64)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    rank = np.empty(len(fc), dtype=np.int64)
    rank[order] = np.arange(len(fc), dtype=np.int64) - starts[fc[order]]
    keep = rank < capacity
    y = x.copy()
    for e in range(len(experts)):
        idx = np.flatnonzero(keep & (fc == e))
        if idx.size:
            rows = x[idx]
            y[idx] = rows + np.asarray(gates)[idx].astype(x.dtype)[:, None] * np.asarray(experts[e](rows), dtype=x.dtype)
    return y
