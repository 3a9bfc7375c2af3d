predicted_scale = INITIAL_SCALE
for _ in range(BAD_STEPS):
    predicted_scale *= 0.5   # each inf step: skipped, scale halved
