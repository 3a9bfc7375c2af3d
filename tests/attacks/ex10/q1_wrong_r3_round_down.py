# INTENT: capacity rounded down (int(2.5) = 2): 2 + 4 dropped
predicted_dropped = 6
