# INTENT: thinks a bad step is only skipped and the scale stays
predicted_scale = INITIAL_SCALE
