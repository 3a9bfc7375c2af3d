# INTENT: capacity rounded down (int(2.5) = 2) per replica: 2 + 4 dropped
predicted_dropped = (4 - 2) + (6 - 2)
