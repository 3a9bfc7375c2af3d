# INTENT: the pair written in the other order (accum_steps, updates_per_epoch)
predicted = (4, 195)
