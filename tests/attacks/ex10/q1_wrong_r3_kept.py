# INTENT: counts the tokens kept instead of dropped
predicted_dropped = 12
