# INTENT: wrong - forgets the biases of both Dense layers (public check: caught)
_sizes = [IN_DIM * HIDDEN, HIDDEN * OUT_DIM]
predicted_bytes = 4 * (sum(_sizes) + 3 * sum(-(-s // NUM_REPLICAS) for s in _sizes))
