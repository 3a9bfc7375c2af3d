# INTENT: wrong: counts only the float32 weights as the fixed part (no gradients, no Adam slots): 704 (breaks "count what one replica keeps for the whole step": gradients and optimizer slots forgotten).
predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - NUM_PARAMETERS * 4) // (ACTIVATIONS_PER_EXAMPLE * 4))
