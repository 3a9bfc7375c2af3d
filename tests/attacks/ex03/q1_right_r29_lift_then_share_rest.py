# INTENT: right: replicas whose share is below 1 get one example each, the rest of the batch is shared among the others in proportion (rounded down, remainder by largest fraction), repeated until nobody new drops below 1.
import numpy as np


def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = np.array(capacities, dtype=float, copy=True)
    n = len(caps)
    gb = int(global_batch_size)
    lifted = np.zeros(n, dtype=bool)
    shares = caps / caps.sum() * gb
    lifted = shares < 1
    while True:
        rest = gb - int(lifted.sum())
        others = ~lifted
        sub = caps[others]
        sub_shares = sub / sub.sum() * rest if lifted.any() else shares[others]
        newly = sub_shares < 1
        if not newly.any():
            break
        idx = np.flatnonzero(others)[newly]
        lifted[idx] = True
    out = np.ones(n, dtype=np.int64)
    base = np.floor(sub_shares).astype(np.int64)
    rem = rest - int(base.sum())
    order = np.argsort(-(sub_shares - base), kind="stable")
    base[order[:rem]] += 1
    out[~lifted] = base
    return [int(v) for v in out]
