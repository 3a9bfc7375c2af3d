# INTENT: counts 1,000,000 parameters x 16 B as 16 MiB (a "million" taken as 2**20) -> 545
predicted_max_batch = int((DEVICE_MIB * 0.9 - 16) * 2**20 // (4 * ACTIVATIONS_PER_EXAMPLE))
