# INTENT: off-by-one: the first bad step only detects, the next ones halve
predicted_scale = INITIAL_SCALE / 2 ** (BAD_STEPS - 1)
