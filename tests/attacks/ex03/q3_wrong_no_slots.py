# INTENT: forgets Adam's two slots per weight (counts weights + gradients only): 654. (public check: caught)
predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - 2 * 4 * NUM_PARAMETERS) // (4 * ACTIVATIONS_PER_EXAMPLE))
