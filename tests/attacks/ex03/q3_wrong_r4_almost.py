# INTENT: not a whole number (floor forgotten, then truncated float repr)
predicted_max_batch = 554.0000001
