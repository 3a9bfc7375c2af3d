# INTENT: capacity not divided among the experts (1.25 * 8 = 10 per expert): nothing dropped
predicted_dropped = 0
