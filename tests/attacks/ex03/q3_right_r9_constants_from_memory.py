# a right answer: byte sizes and Adam's slots read from gpukit.memory's tables (no call), the arithmetic in the cell
predicted_max_batch = int((DEVICE_MIB * memory.MiB * (1 - HEADROOM)
                           - NUM_PARAMETERS * memory.BYTES_PER_VALUE["float32"] * (2 + memory.OPTIMIZER_SLOTS["adam"]))
                          // (ACTIVATIONS_PER_EXAMPLE * memory.BYTES_PER_VALUE["float32"]))
