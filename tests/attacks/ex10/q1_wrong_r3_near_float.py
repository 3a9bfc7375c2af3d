# INTENT: an average that is not a count (3.6), which rounds to the right one
predicted_dropped = 3.6
