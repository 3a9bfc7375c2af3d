# INTENT: correct: usable = 64 MiB x 0.9; fixed = 4 bytes x params x (weights + gradients + 2 Adam slots); per example 4 bytes x activations; floor.
bytes_per_value = 4
usable = DEVICE_MIB * 2**20 * (1 - HEADROOM)
fixed = NUM_PARAMETERS * bytes_per_value * (1 + 1 + 2)
per_example = ACTIVATIONS_PER_EXAMPLE * bytes_per_value
predicted_max_batch = int((usable - fixed) // per_example)
