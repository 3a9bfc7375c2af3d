# INTENT: wrong: binary-counter merging: keeps a tuple stack of up to log2(blocks) partial (max, sum, numerator) triples: what it carries grows with the number of blocks
def blockwise_attention(q, kv_blocks):
    scale = 1.0 / np.sqrt(q.shape[-1])

    def merge(a, b):
        big = np.maximum(a[0], b[0])
        x, y = np.exp(a[0] - big), np.exp(b[0] - big)
        return big, a[1] * x + b[1] * y, a[2] * x[:, None] + b[2] * y[:, None], a[3] + b[3]

    stack = ()
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        m = s.max(axis=1)
        p = np.exp(s - m[:, None])
        part = (m, p.sum(axis=1), p @ v_block, 1)
        del s, p
        while stack and stack[-1][3] == part[3]:
            part = merge(stack[-1], part)
            stack = stack[:-1]
        stack = stack + (part,)
    total = stack[0]
    for part in stack[1:]:
        total = merge(total, part)
    return total[2] / total[1][:, None]
