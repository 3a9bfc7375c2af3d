# INTENT: the right digits as a string.
predicted_max_batch = "554"
