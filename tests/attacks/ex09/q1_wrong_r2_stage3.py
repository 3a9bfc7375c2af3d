# INTENT: wrong - stage 3 bytes (weights sharded too) (public check: caught)
_sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
predicted_bytes = 4 * 4 * sum(-(-s // NUM_REPLICAS) for s in _sizes)
