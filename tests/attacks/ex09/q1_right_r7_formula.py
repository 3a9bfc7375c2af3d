import math as _m
_sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
_slices = sum(-(-s // NUM_REPLICAS) for s in _sizes)
predicted_bytes = 4 * sum(_sizes) + 4 * _slices + 8 * _slices   # weights whole, gradient slice, two moment slices
