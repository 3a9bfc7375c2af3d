# INTENT: two passes with itertools.tee (global max first, then sums): goes through the blocks twice and tee keeps them all
import itertools
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    a, b = itertools.tee(kv_blocks)
    m = np.max([(q @ k.T * scale).max(axis=1) for k, _ in a], axis=0)[:, None]
    num, den = 0, 0
    for k, v in b:
        p = np.exp(q @ k.T * scale - m)
        num = num + p @ v
        den = den + p.sum(axis=1, keepdims=True)
    return num / den
