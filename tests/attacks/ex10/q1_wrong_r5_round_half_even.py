# INTENT: capacity rounded to the nearest (round(2.5) = 2 with banker's rounding) instead of up: 2 + 0 + 4 = 6
predicted_dropped = 6
