# INTENT: forgets the two bias vectors (kernels only: 2368 weights, slices 512+80). (public check: caught)
predicted_bytes = (64 * 32 + 32 * 10) * 4 + 3 * (512 + 80) * 4
