# INTENT: counts only the replica with the crowded expert (replica 1), forgetting replica 0's overflow
predicted_dropped = 3
