# INTENT: counts the link as 50 GB/s (25 GB/s each way, both directions used): 14 * (0.5 + 0.02)
PREDICTED_ALLREDUCE_MS = 7.28
