# INTENT: rounds to nearest with round() then subtracts 1 "to be safe" (a fudge that happens to equal floor here only because the fraction is .97)
predicted_max_batch = round((DEVICE_MIB * 2**20 * (1 - HEADROOM) - 16 * NUM_PARAMETERS) / (4 * ACTIVATIONS_PER_EXAMPLE)) - 1
