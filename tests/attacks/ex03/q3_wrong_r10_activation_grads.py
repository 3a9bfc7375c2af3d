# INTENT: counts the activations twice (the values and their gradients in the backward pass): 2 x 80,000 B per example
predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - NUM_PARAMETERS * 16) // (ACTIVATIONS_PER_EXAMPLE * 8))
