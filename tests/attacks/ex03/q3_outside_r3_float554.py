# INTENT: a float (floor division of floats gives 554.0), not an int as the prompt asks.
predicted_max_batch = (DEVICE_MIB * 2**20 * (1 - HEADROOM) - NUM_PARAMETERS * 16) // (ACTIVATIONS_PER_EXAMPLE * 4)
