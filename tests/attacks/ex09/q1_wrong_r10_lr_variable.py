# INTENT: adds Keras Adam's float32 learning-rate variable (4 bytes) to the state on each device
sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
slices = [-(-s // NUM_REPLICAS) for s in sizes]
predicted_bytes = 4 * sum(sizes) + 3 * 4 * sum(slices) + 4
