# INTENT: leaves the fraction (not a whole batch).
predicted_max_batch = (DEVICE_MIB * 2**20 * (1 - HEADROOM) - NUM_PARAMETERS * 16) / (ACTIVATIONS_PER_EXAMPLE * 4)
