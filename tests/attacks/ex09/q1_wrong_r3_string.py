# INTENT: the right digits as a string (with a thousands separator), not a number
predicted_bytes = "16,876"
