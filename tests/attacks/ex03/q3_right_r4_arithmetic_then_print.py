# INTENT: right: worked out by hand in several statements (bytes of the fixed part, then per example).
fixed = NUM_PARAMETERS * 4 * (1 + 1 + 2)          # weights, gradients, Adam's two slots
budget = DEVICE_MIB * 2**20 * (1 - HEADROOM)
per_example = ACTIVATIONS_PER_EXAMPLE * 4
predicted_max_batch = int((budget - fixed) // per_example)
print(predicted_max_batch)
