# INTENT: correct, worked out on paper: (64*1048576*0.9 - 16e6) / 80000 = 554.97 -> 554
predicted_max_batch = 554
