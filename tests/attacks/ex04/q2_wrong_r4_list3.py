# INTENT: three numbers (micro-steps, updates, dropped micro-batches) instead of two
predicted_epoch = (18, 4, 2)
