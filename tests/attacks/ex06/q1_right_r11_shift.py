predicted_scale = int(INITIAL_SCALE) >> BAD_STEPS
