# INTENT: rounds the fractional batch 554.97 up (round) instead of down: 555, which no longer fits. (public check: caught)
predicted_max_batch = round((DEVICE_MIB * 2**20 * (1 - HEADROOM) - 16 * NUM_PARAMETERS) / (4 * ACTIVATIONS_PER_EXAMPLE))
