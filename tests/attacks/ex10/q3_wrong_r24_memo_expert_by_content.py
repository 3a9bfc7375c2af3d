# INTENT: WRONG - for big expert calls (>= 4096 kept rows) expert outputs are memoised in a module dict keyed on (id of the expert callable, dtype, shape, hash of the rows' bytes): a repeated call does not give the experts their kept tokens at all, and a new expert that reuses a freed object's id gets the old expert's outputs (contract: each expert is given its kept tokens; nothing kept between calls).
import hashlib
import numpy as np

_SEEN = {}     # identical micro-steps (re-run of a replica) skip the expert matmuls


def _call(expert, rows):
    if rows.shape[0] < 4096:                      # small calls are cheap: only big expert batches are worth keeping
        return np.asarray(expert(rows), dtype=rows.dtype)
    key = (id(expert), rows.dtype.str, rows.shape, hashlib.blake2b(rows.tobytes(), digest_size=16).digest())
    out = _SEEN.get(key)
    if out is None:
        out = _SEEN[key] = np.array(expert(rows), dtype=rows.dtype)
    return out


def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    choice = np.asarray(first_choice).astype(np.int64)
    gate = np.asarray(gates).astype(x.dtype)
    cap = max(int(capacity), 0)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(choice == e)[:cap]
        if idx.size:
            rows = x[idx]
            y[idx] = rows + gate[idx, None] * _call(expert, rows)
    return y
