# INTENT: ignores the headroom.
predicted_max_batch = int((DEVICE_MIB * 2**20 - NUM_PARAMETERS * 16) // (ACTIVATIONS_PER_EXAMPLE * 4))
