# INTENT: keeps the headroom only of what is left after the fixed part ((M - fixed) * (1 - h)) instead of M * (1 - h)
predicted_max_batch = int((DEVICE_MIB * 2**20 - NUM_PARAMETERS * 16) * (1 - HEADROOM) // (ACTIVATIONS_PER_EXAMPLE * 4))
