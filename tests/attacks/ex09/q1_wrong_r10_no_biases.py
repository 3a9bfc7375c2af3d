# INTENT: forgets the biases ("two Dense layers" counted as their kernels only)
sizes = [IN_DIM * HIDDEN, HIDDEN * OUT_DIM]
slices = [-(-s // NUM_REPLICAS) for s in sizes]
predicted_bytes = 4 * sum(sizes) + 3 * 4 * sum(slices)
