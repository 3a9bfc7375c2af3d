# INTENT: two passes through a tee of the iterator: first the row maxima over all blocks, then the sums (tee buffers every block)
import itertools


def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    first, second = itertools.tee(kv_blocks)
    m = None
    for k_block, _ in first:
        bm = (q @ k_block.T * scale).max(axis=1)
        m = bm if m is None else np.maximum(m, bm)
    l = acc = 0
    for k_block, v_block in second:
        p = np.exp(q @ k_block.T * scale - m[:, None])
        l = l + p.sum(axis=1)
        acc = acc + p @ v_block
    return acc / l[:, None]
