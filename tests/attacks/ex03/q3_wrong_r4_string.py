# INTENT: a string, not a number
predicted_max_batch = '554'
