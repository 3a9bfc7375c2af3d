# INTENT: pads every variable by one more slice even when it divides ((size // n + 1) * n): 16912
sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
slices = [s // NUM_REPLICAS + 1 for s in sizes]
predicted_bytes = 4 * sum(sizes) + 3 * 4 * sum(slices)
