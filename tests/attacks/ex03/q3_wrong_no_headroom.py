# INTENT: forgets the 10% headroom (uses the whole 64 MiB): 638. (public check: caught)
predicted_max_batch = int((DEVICE_MIB * 2**20 - 16 * NUM_PARAMETERS) // (4 * ACTIVATIONS_PER_EXAMPLE))
