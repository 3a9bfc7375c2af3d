# INTENT: MB (10^6) instead of MiB.
predicted_max_batch = int((DEVICE_MIB * 10**6 * (1 - HEADROOM) - NUM_PARAMETERS * 16) // (ACTIVATIONS_PER_EXAMPLE * 4))
