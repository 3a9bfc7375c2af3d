# INTENT: halves once for the run of bad steps
predicted_scale = INITIAL_SCALE / 2
