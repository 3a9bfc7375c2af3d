# INTENT (outside: a local holding a conversion of the block just worked in, until the loop takes the next, is the for-loop variable holding that block itself, which the contract allows; nothing is worked in late, nothing grows): takes np.array(block) "to be safe from the ring overwriting it" (a copy) and keeps it in a local until the next block has arrived
import numpy as np

def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    for k_in, v_in in kv_blocks:
        k_block, v_block = np.array(k_in), np.array(v_in)
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
    return acc / l
