# INTENT: right: same number by arithmetic from the parameters: each variable's slice rounded up (ceil via -(-a//n)), weights whole and unpadded.
_sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
predicted_bytes = 4 * sum(_sizes) + 3 * 4 * sum(-(-s // NUM_REPLICAS) for s in _sizes)
del _sizes
