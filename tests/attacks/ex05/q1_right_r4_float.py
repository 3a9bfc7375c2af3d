# INTENT: a float from math-free ceil arithmetic (14.0), not a whole number int
predicted_micro_batches = -(-(P - 1) * (1 - TARGET_BUBBLE) // TARGET_BUBBLE)
