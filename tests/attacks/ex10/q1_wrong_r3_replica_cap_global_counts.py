# INTENT: per-replica capacity 3 applied to the global counts (expert 0: 5, expert 2: 8)
predicted_dropped = 2 + 5
