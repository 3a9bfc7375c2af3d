# INTENT: counts the overflowing experts (2) instead of the tokens they turn away
predicted_dropped = 2
