# INTENT: carries the numerator online but keeps every block's scores to compute the denominator exactly at the end (keeps the row of scores, growing block by block)
import numpy as np

def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    kept = []
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        bm = s.max(axis=1, keepdims=True)
        if m is None:
            m = bm
            p = np.exp(s - m)
            l = p.sum(axis=1, keepdims=True)
            acc = p @ v_block
        else:
            new_m = np.maximum(m, bm)
            c = np.exp(m - new_m)
            p = np.exp(s - new_m)
            l = l * c + p.sum(axis=1, keepdims=True)
            acc = acc * c + p @ v_block
            m = new_m
        kept.append(s)
        del p
    l = sum(np.exp(s_old - m).sum(axis=1, keepdims=True) for s_old in kept)
    return acc / l
