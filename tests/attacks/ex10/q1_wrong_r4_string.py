# INTENT: the count as a string
predicted_dropped = "4"
