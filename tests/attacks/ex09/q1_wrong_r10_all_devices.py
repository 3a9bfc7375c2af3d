# INTENT: adds up the state on all devices instead of one device
sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
slices = [-(-s // NUM_REPLICAS) for s in sizes]
predicted_bytes = NUM_REPLICAS * (4 * sum(sizes) + 3 * 4 * sum(slices))
