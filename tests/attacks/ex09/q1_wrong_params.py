# INTENT: counts values, not bytes (forgets the 4 bytes per float32 value). (public check: caught)
predicted_bytes = 2410 + 3 * 603
