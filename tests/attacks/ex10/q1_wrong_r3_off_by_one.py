# INTENT: capacity 4 (ceil then +1 for safety): 0 + 2 dropped
predicted_dropped = 2
