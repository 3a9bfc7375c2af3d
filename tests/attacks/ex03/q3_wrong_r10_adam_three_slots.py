# INTENT: counts Adam as weights + m + v + a "master copy" (5 copies) plus nothing for the gradients' own buffer confusion: 5 float32 values per weight instead of 4
predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - NUM_PARAMETERS * 4 * 5) // (ACTIVATIONS_PER_EXAMPLE * 4))
