# INTENT: correct
usable = DEVICE_MIB * 2**20 * (1 - HEADROOM)
fixed = NUM_PARAMETERS * 4 * (1 + 1 + 2)   # weights, gradients, Adam's two slots
predicted_max_batch = int((usable - fixed) // (ACTIVATIONS_PER_EXAMPLE * 4))
