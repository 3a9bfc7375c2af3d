# INTENT: right count, written as a float (4.0) from the arithmetic with true division
predicted_dropped = 16 / 4
