# INTENT: RIGHT: stage 2 keeps the full (unpadded) weights plus per-variable padded slices of gradients, m and v; computed from the parameters.
_shapes = [(IN_DIM, HIDDEN), (HIDDEN,), (HIDDEN, OUT_DIM), (OUT_DIM,)]
_sizes = [int(np.prod(s)) for s in _shapes]
_slices = [-(-s // NUM_REPLICAS) for s in _sizes]          # each variable padded, then cut
predicted_bytes = 4 * sum(_sizes) + 4 * 3 * sum(_slices)    # weights whole; gradients, m, v sliced
