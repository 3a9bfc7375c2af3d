# INTENT: right: usable = 64 MiB * 0.9; fixed = weights + grads + 2 Adam slots = 4 values x 4 bytes per weight; per example = 4 bytes x activations.
usable = DEVICE_MIB * 2**20 * (1 - HEADROOM)
fixed = NUM_PARAMETERS * 4 * (1 + 1 + 2)
predicted_max_batch = int((usable - fixed) // (ACTIVATIONS_PER_EXAMPLE * 4))
