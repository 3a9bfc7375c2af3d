# INTENT: right: a plain-Python loop halving a float once per bad step (no optimizer involved), 2**15 -> 2**12.
scale = float(INITIAL_SCALE)
for _ in range(BAD_STEPS):
    scale *= 0.5          # a non-finite gradient: step skipped, scale halved, counter reset
predicted_scale = scale
