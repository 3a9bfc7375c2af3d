# INTENT: keeps the headroom only out of what is left after the fixed state ((M - fixed) * 0.9), not out of the device's memory -> 574
predicted_max_batch = int((DEVICE_MIB * 2**20 - 16 * NUM_PARAMETERS) * (1 - HEADROOM) // (4 * ACTIVATIONS_PER_EXAMPLE))
