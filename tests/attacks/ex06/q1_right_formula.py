# INTENT: dynamic loss scaling halves the scale on every non-finite step: INITIAL_SCALE / 2 ** BAD_STEPS.
predicted_scale = INITIAL_SCALE / 2 ** BAD_STEPS
