# INTENT: right: each inf step is skipped and halves the scale, so the scale is INITIAL_SCALE / 2**BAD_STEPS (4096).
predicted_scale = INITIAL_SCALE / 2 ** BAD_STEPS
