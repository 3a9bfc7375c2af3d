# INTENT: right: plain-Python simulation of the halving rule (no LossScaleOptimizer, no scale_after): 2**15 halved 3 times = 4096.0
scale = float(INITIAL_SCALE)
for _bad in range(BAD_STEPS):
    scale = scale * 0.5          # skipped step: weights kept, scale halved
predicted_scale = scale
