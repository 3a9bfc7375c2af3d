# INTENT: order swapped (updates, micro_steps)
predicted_epoch = (4, 18)
