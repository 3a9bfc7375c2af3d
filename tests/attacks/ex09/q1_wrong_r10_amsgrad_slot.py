# INTENT: counts three Adam slots (m, v and v_hat as in AMSGrad) instead of two
sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
slices = [-(-s // NUM_REPLICAS) for s in sizes]
predicted_bytes = 4 * sum(sizes) + 4 * sum(slices) + 3 * 4 * sum(slices)
