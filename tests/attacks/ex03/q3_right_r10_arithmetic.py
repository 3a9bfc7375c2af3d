MiB = 2**20
_bytes = 4
_fixed = NUM_PARAMETERS * _bytes * (1 + 1 + 2)          # weights, gradients, Adam's m and v
_usable = DEVICE_MIB * MiB * (1 - HEADROOM)
predicted_max_batch = int((_usable - _fixed) // (ACTIVATIONS_PER_EXAMPLE * _bytes))
