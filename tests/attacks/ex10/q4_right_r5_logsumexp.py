import numpy as np

def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    lse = np.full((q.shape[0], 1), -np.inf)
    out = None
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        bm = s.max(axis=1, keepdims=True)
        block_lse = bm + np.log(np.exp(s - bm).sum(axis=1, keepdims=True))
        block_out = np.exp(s - block_lse) @ v_block
        new_lse = np.logaddexp(lse, block_lse)
        out = block_out * np.exp(block_lse - new_lse) if out is None else \
            out * np.exp(lse - new_lse) + block_out * np.exp(block_lse - new_lse)
        lse = new_lse
    return out
