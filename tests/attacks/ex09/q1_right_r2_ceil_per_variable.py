# INTENT: correct - full float32 weights + per-variable padded slices of grads, m and v (stage 2), written with ceil division over the layer shapes (public check: passed)
_shapes = [(IN_DIM, HIDDEN), (HIDDEN,), (HIDDEN, OUT_DIM), (OUT_DIM,)]
_sizes = [int(np.prod(s)) for s in _shapes]
predicted_bytes = 4 * (sum(_sizes) + 3 * sum(-(-s // NUM_REPLICAS) for s in _sizes))
