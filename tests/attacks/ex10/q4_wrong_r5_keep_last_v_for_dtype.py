# INTENT (outside: the for-loop variable holds the previous block just as long): keeps the previous value block to read its dtype/shape for the final array (v_prev = v_block), i.e. holds the previous block when the next arrives
# RULED wrong (issue 38, round 7, as round 7's keep_last_block): v_prev holds block i while block i+1 is worked in (the loop variable lets go of it when the next is bound)
import numpy as np

def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
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
        del s, p
        v_prev = v_block
    acc = acc.astype(v_prev.dtype)
    v_prev = None
    return acc / l
