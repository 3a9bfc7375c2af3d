# INTENT: one update per micro-step
predicted_epoch = (18, 18)
