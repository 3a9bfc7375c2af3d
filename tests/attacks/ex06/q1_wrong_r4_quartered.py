# INTENT: divides the scale by 4 per bad step (confuses halving with the growth factor)
predicted_scale = INITIAL_SCALE / 4 ** BAD_STEPS
