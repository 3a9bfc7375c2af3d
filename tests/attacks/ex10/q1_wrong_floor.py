# INTENT: rounds the capacity down (floor(2.5) = 2, also what ignoring the capacity factor gives): drops 2 + 4 = 6. (public check: caught)
predicted_dropped = 6
