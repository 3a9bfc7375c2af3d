# INTENT: only counts micro-steps that belong to a full update (4 updates x 4)
predicted_epoch = (16, 4)
