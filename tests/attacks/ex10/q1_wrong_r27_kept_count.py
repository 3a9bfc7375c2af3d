# INTENT: wrong: counts the tokens the experts keep (16 - 4 = 12) instead of the dropped ones.
predicted_dropped = 12
