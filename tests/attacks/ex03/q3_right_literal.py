# INTENT: correct, worked out on paper: (67,108,864 x 0.9 - 16,000,000) / 80,000 = 554.97 -> 554.
predicted_max_batch = 554
