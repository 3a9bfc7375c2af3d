# INTENT: forgets gradients but uses MB for headroom: two mistakes that do not cancel
predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - NUM_PARAMETERS * 4 * 3) // (ACTIVATIONS_PER_EXAMPLE * 4))
