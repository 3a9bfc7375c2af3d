# INTENT: off-by-one: thinks the first bad step only detects the overflow and halving starts on the second
predicted_scale = INITIAL_SCALE / 2 ** (BAD_STEPS - 1)
