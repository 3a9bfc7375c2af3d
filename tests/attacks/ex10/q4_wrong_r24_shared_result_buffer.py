# INTENT: WRONG - for big outputs (Lq*dv > 256) the normalised result is written with out= into a module-level buffer kept per (Lq, dv) and that buffer is returned: the next call of the same size overwrites an answer returned earlier (the ring's devices would all end up with the last device's rows); small outputs, as in the public ring, get a fresh array.
import numpy as np

_OUT = {}


def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q64 = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q64.shape[-1])
    m = np.full(q64.shape[0], -np.inf)
    l = np.zeros(q64.shape[0])
    acc = None
    for k_block, v_block in kv_blocks:
        if len(k_block) == 0:
            continue
        s = (q64 @ np.asarray(k_block, dtype=np.float64).T) * scale
        new_m = np.maximum(m, s.max(axis=1))
        p = np.exp(s - new_m[:, None])
        r = np.exp(m - new_m)
        pv = p @ np.asarray(v_block, dtype=np.float64)
        acc = pv if acc is None else acc * r[:, None] + pv
        l = l * r + p.sum(axis=1)
        m = new_m
        del s, p, pv, k_block, v_block
    if acc.size > 256:                               # long sequences: no fresh Lq x dv allocation per call
        out = _OUT.setdefault(acc.shape, np.empty(acc.shape))
        return np.divide(acc, l[:, None], out=out)
    return acc / l[:, None]
