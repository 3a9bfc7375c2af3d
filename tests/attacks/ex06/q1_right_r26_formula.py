# INTENT: right: each inf step is skipped and halves the scale, no good steps follow: INITIAL_SCALE / 2**BAD_STEPS = 4096.0
predicted_scale = INITIAL_SCALE / 2 ** BAD_STEPS
