# INTENT: keeps every block's row maxima in a list (for a debug plot of the running max): what it carries grows by Lq values per block
import numpy as np

def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    maxima = []
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        bm = s.max(axis=1, keepdims=True)
        maxima.append(bm)
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
        del s, p
    return acc / l
