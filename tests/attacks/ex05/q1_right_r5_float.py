# INTENT: the right count as a float (14.0) from math that keeps floats; the prompt asks for a whole number (int)
predicted_micro_batches = float(-(-(P - 1) // TARGET_BUBBLE) - (P - 1))
