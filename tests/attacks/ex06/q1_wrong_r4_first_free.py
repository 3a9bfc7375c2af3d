# INTENT: thinks the first bad step is only detected (scale halves from the second on): 2**15 / 2**2
predicted_scale = INITIAL_SCALE / 2 ** (BAD_STEPS - 1)
