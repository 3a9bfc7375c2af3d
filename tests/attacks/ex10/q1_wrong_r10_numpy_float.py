# INTENT: leaves the capacity fractional (2.5) and counts the fractional excess: 1.5 + 3.5 = 5
predicted_dropped = int((4 - 2.5) + (6 - 2.5))
