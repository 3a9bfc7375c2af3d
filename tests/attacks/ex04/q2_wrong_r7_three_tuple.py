# INTENT: gives three numbers (micro-steps, updates, accum_steps) instead of the pair asked.
predicted_epoch = (18, 4, 4)
