# INTENT: thinks the scale halves once for a run of bad steps (not per step): 2**14. (public check: caught)
predicted_scale = 16384.0
