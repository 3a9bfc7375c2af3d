# INTENT: a list of floats (true division) instead of a tuple of whole numbers: 195.3125 updates
predicted = [N_EXAMPLES / GLOBAL_BATCH, 4.0]
