# INTENT: confuses the direction: doubles on each overflow (2**15 * 2**3). (public check: caught)
predicted_scale = 2.0 ** 18
