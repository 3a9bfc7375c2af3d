# INTENT: wrong: counts the tokens kept (16 - 4 = 12) instead of dropped.
predicted_dropped = 12
