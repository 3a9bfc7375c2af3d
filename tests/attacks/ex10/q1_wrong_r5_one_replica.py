# INTENT: capacity 3 but drops counted only on the replica printed first (replica 0): 1
predicted_dropped = 1 + 0
