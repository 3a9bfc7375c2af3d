# INTENT: counts values as bytes (forgets the 4 bytes of float32) for activations only: per example 20,000 bytes -> 2219. (public check: caught)
predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - 16 * NUM_PARAMETERS) // ACTIVATIONS_PER_EXAMPLE)
