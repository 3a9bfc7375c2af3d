# INTENT: applies the headroom only to what is left after the fixed part.
predicted_max_batch = int((DEVICE_MIB * 2**20 - NUM_PARAMETERS * 16) * (1 - HEADROOM) // (ACTIVATIONS_PER_EXAMPLE * 4))
