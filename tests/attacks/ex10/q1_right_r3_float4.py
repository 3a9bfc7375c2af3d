# INTENT: right count written as a float (4.0)
predicted_dropped = (4 - 3) + (6 - 3.0)
