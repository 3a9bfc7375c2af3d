# INTENT: uses MB (10^6 bytes) for MiB: 520. (public check: caught)
predicted_max_batch = int((DEVICE_MIB * 10**6 * (1 - HEADROOM) - 16 * NUM_PARAMETERS) // (4 * ACTIVATIONS_PER_EXAMPLE))
