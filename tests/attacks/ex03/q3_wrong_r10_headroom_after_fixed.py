# INTENT: keeps the headroom free of what is left after the fixed state, not of the whole device: (64 MiB - fixed) * 0.9 / per example
predicted_max_batch = int((DEVICE_MIB * 2**20 - NUM_PARAMETERS * 16) * (1 - HEADROOM) // (ACTIVATIONS_PER_EXAMPLE * 4))
