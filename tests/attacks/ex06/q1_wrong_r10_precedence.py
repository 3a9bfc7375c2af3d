# INTENT: operator precedence slip: INITIAL_SCALE / 2 * BAD_STEPS instead of / 2**BAD_STEPS
predicted_scale = INITIAL_SCALE / 2 * BAD_STEPS
