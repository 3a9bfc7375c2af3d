# INTENT (right: a whole float for a count, ruled right in rounds 1-4): right count, written as a float (4.0) from the arithmetic with true division
predicted_dropped = 16 / 4
