# INTENT: wrong: assumes stage 2 frees the gradient slices after the step (only weights + padded moments: 9640 + 8*603 = 14464), but the trainer keeps the gradient slice variables resident.
_sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
predicted_bytes = 4 * sum(_sizes) + 2 * 4 * sum(-(-s // NUM_REPLICAS) for s in _sizes)
del _sizes
