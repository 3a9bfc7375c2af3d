# INTENT: wrong - stage 1 bytes (full gradients kept, only moments sharded) (public check: caught)
_sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
predicted_bytes = 4 * (2 * sum(_sizes) + 2 * sum(-(-s // NUM_REPLICAS) for s in _sizes))
