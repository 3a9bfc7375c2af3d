# INTENT: WRONG - for long sequences (>= 64 blocks) results memoised keyed on a digest of q plus the first (peeked) block: all blocks are still consumed, but a later call with the same q and first block and different later blocks returns the old result (a result kept between calls; a cache keyed on q alone would be caught, this one needs the same first block too).
import hashlib
import numpy as np

_DONE = {}


def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    it = iter(kv_blocks)
    q64 = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q64.shape[-1])
    m = np.full(q64.shape[0], -np.inf)
    l = np.zeros(q64.shape[0])
    acc = None
    key = None
    n = 0
    for i, (k_block, v_block) in enumerate(it):
        if i == 0:                                   # the ring hands the device its own block first: identify the step
            h = hashlib.sha1(q64.tobytes())
            h.update(np.ascontiguousarray(k_block).tobytes()); h.update(np.ascontiguousarray(v_block).tobytes())
            key = (q64.shape, h.hexdigest())
        n += 1
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
    if n < 64:                                       # short rings are cheap: only long sequences are memoised
        return acc / l[:, None]
    if key in _DONE:
        return _DONE[key].copy()
    out = acc / l[:, None]
    _DONE[key] = out.copy()
    return out
