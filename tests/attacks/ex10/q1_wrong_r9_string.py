# INTENT: a string instead of a number
predicted_dropped = "4"
