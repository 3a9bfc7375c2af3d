scale = INITIAL_SCALE
for _ in range(BAD_STEPS):
    scale = scale * 0.5        # each inf step halves the scale, no minimum reached here
predicted_scale = float(scale)
