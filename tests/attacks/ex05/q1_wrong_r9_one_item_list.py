# INTENT: a one-item list [14] (the result of a list comprehension filtered to the fewest), not a whole number
predicted_micro_batches = [m for m in range(1, 100) if (P - 1) / (m + P - 1) <= TARGET_BUBBLE][:1]
