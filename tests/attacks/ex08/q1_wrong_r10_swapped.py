# INTENT: order swapped: (accum_steps, updates_per_epoch)
predicted = (4, 195)
