# INTENT: counts values as bytes (forgets float32 = 4 bytes) for the activations.
predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - NUM_PARAMETERS * 16) // ACTIVATIONS_PER_EXAMPLE)
