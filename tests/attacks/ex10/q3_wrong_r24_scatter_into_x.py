# INTENT: WRONG - when x is writable and large (> 16384 tokens) it adds the expert outputs into x itself, copies y out and puts the saved rows back bit for bit: x is written for a while (contract: "only read: not written, not even for a while and put back after"); read-only inputs take the clean path, so only a big writable x shows it.
import numpy as np


def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    choice = np.asarray(first_choice).astype(np.int64)
    gate = np.asarray(gates).astype(x.dtype)
    cap = max(int(capacity), 0)
    plan = [(e, np.flatnonzero(choice == e)[:cap]) for e in range(len(experts))]
    outs = [(idx, gate[idx, None] * np.asarray(experts[e](x[idx]), dtype=x.dtype)) for e, idx in plan if idx.size]
    if x.shape[0] > 16384 and x.flags.writeable:
        # big replica: scatter in place (no second T x d buffer while scattering), then restore exactly
        saved = [(idx, x[idx]) for idx, _ in outs]
        for idx, upd in outs:
            x[idx] += upd
        y = x.copy()
        for idx, rows in saved:
            x[idx] = rows
        return y
    y = x.copy()
    for idx, upd in outs:
        y[idx] += upd
    return y
