# INTENT: expected drops as a fraction of tokens (4/16 = 0.25) instead of a count
predicted_dropped = 0.25
