# INTENT: wrong - counts values (parameters) instead of bytes: forgets the factor 4 of float32 (public check: caught)
_sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
predicted_bytes = sum(_sizes) + 3 * sum(-(-s // NUM_REPLICAS) for s in _sizes)
