predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - NUM_PARAMETERS * 4 * (1 + 1 + 2)) // (ACTIVATIONS_PER_EXAMPLE * 4))
