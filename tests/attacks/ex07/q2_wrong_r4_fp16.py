# INTENT: gradients counted as 2 bytes (mixed precision habit) instead of float32's 4: 14 * (0.5 + 0.02)
PREDICTED_ALLREDUCE_MS = 7.28
