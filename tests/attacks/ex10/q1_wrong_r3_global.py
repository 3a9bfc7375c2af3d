# INTENT: capacity over the whole batch (ceil(1.25 * 16 / 4) = 5) and the global counts: only expert 2 (8 tokens) overflows
predicted_dropped = 3
