# INTENT: wrong type - the right value but as a float from true division (16876.0); may pass if compared with == (public check: passed)
_sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
predicted_bytes = 4.0 * (sum(_sizes) + 3 * sum(np.ceil(s / NUM_REPLICAS) for s in _sizes))
