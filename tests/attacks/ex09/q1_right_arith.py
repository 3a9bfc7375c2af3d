# INTENT: full weights (stage 2 keeps them) plus per-variable padded slices of gradients and both Adam moments, in float32 bytes.
_sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
_slices = sum(-(-s // NUM_REPLICAS) for s in _sizes)
predicted_bytes = 4 * sum(_sizes) + 4 * 3 * _slices
