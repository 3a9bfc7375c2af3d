# INTENT: counts Adam as one slot per weight (weights + gradients + 1 slot)
usable = DEVICE_MIB * 2**20 * (1 - HEADROOM)
fixed = NUM_PARAMETERS * 4 * 3
predicted_max_batch = int((usable - fixed) // (ACTIVATIONS_PER_EXAMPLE * 4))
