# INTENT: forbidden shortcut: the gpukit.memory call hidden in an eval'd string, so the cell's text shows no call.
predicted_max_batch = eval("__import__('gpukit.memory', fromlist=['m']).max_batch_sizes([%d * 2**20], __import__('gpukit.memory', fromlist=['m']).estimate_from_counts(%d, %d, optimizer='adam'), %r)[0]" % (DEVICE_MIB, NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, HEADROOM))
