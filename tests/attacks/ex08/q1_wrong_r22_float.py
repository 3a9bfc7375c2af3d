# INTENT: wrong: true division yields a float 195.3125 updates (not a whole number of updates) and accum 4.
predicted = (N_EXAMPLES / GLOBAL_BATCH, 4)
