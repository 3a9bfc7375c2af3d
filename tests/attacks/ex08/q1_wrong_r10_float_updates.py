# INTENT: true division: 195.3125 updates per epoch (not a whole number of updates)
predicted = (N_EXAMPLES / GLOBAL_BATCH, 4)
