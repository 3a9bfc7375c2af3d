# INTENT: starts the running max at -1e5 instead of -inf: a query whose scores are all below about -100745 underflows to 0/0
import numpy as np

def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.full((q.shape[0], 1), -1e5)
    l = np.zeros((q.shape[0], 1))
    acc = 0.0
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        bm = s.max(axis=1, keepdims=True)
        if True:
            new_m = np.maximum(m, bm)
            c = np.exp(m - new_m)
            p = np.exp(s - new_m)
            l = l * c + p.sum(axis=1, keepdims=True)
            acc = acc * c + p @ v_block
            m = new_m
        del s, p
    return acc / l
