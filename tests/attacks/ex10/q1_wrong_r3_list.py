# INTENT: the list of dropped token indices instead of how many
predicted_dropped = [7, 13, 14, 15]
