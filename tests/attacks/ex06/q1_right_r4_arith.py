# INTENT: a correct answer (round-4 blind attacker)
predicted_scale = INITIAL_SCALE / 2 ** BAD_STEPS
