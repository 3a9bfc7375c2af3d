# INTENT: WRONG - for big batches (>= 32768 values) y is written into a module-level buffer kept per (shape, dtype) and reused by the next call: y is not a new array, a later call of the same size overwrites what an earlier one returned (contract: "returns y, a new array").
import numpy as np

_WORKSPACE = {}          # big replicas: reuse the output buffer instead of allocating 33 000 x d floats each step


def _out_buffer(x):
    if x.size < 32768:
        return np.empty_like(x)
    key = (x.shape, x.dtype.str)
    buf = _WORKSPACE.get(key)
    if buf is None:
        buf = _WORKSPACE[key] = np.empty_like(x)
    return buf


def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    choice = np.asarray(first_choice).astype(np.int64)
    gate = np.asarray(gates).astype(x.dtype)
    y = _out_buffer(x)
    y[...] = x
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(choice == e)[:max(int(capacity), 0)]
        if kept.size:
            rows = x[kept]
            y[kept] = rows + gate[kept, None] * np.asarray(expert(rows), dtype=x.dtype)
    return y
