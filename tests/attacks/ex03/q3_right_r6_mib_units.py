usable_mib = DEVICE_MIB * (1 - HEADROOM)
fixed_mib = NUM_PARAMETERS * 4 * 4 / 2**20          # weights + gradients + Adam's m and v
per_example_mib = ACTIVATIONS_PER_EXAMPLE * 4 / 2**20
predicted_max_batch = int((usable_mib - fixed_mib) // per_example_mib)
