# INTENT: thinks bad steps are skipped without touching the scale
predicted_scale = INITIAL_SCALE
