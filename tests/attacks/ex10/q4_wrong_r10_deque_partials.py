# INTENT: fixes the colleague's combination (log-sum-exp weights) but still keeps every block's partial result, in a collections.deque, combined at the end: state grows with the number of blocks
import collections

def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    partial = collections.deque()
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        mx = s.max(axis=1, keepdims=True)
        e = np.exp(s - mx)
        se = e.sum(axis=1, keepdims=True)
        partial.append(((e @ v_block) / se, mx + np.log(se)))
    lse_all = np.logaddexp.reduce(np.stack([lse for _, lse in partial]), axis=0)
    return sum(o * np.exp(lse - lse_all) for o, lse in partial)
