def _slice(size, n):
    return -(-size // n)

_sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
predicted_bytes = 4 * sum(_sizes) + 3 * 4 * sum(_slice(s, NUM_REPLICAS) for s in _sizes)
