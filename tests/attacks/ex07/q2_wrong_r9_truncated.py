# INTENT: truncated instead of rounded: 14.2 (one decimal, truncated)
PREDICTED_ALLREDUCE_MS = 14.2
