predicted_scale = INITIAL_SCALE / 2 ** BAD_STEPS
