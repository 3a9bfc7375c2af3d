# INTENT: off by one: the student thinks the first bad step only detects the overflow and halving starts at the second
predicted_scale = INITIAL_SCALE / 2 ** (BAD_STEPS - 1)
