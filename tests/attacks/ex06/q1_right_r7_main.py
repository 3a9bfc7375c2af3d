# INTENT: right: halved once per bad step: 2**15 / 2**3.
predicted_scale = INITIAL_SCALE / 2 ** BAD_STEPS
