# INTENT: wrong: thinks a capacity factor above 1 leaves room for every token (capacity ignored): predicts 0.
predicted_dropped = 0
