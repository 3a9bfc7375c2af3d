# INTENT: wrong - counts Adam as one moment per weight (momentum only) (public check: caught)
_sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
predicted_bytes = 4 * (sum(_sizes) + 2 * sum(-(-s // NUM_REPLICAS) for s in _sizes))
