# INTENT: 2n latencies instead of 2(n-1)
PREDICTED_ALLREDUCE_MS = 14.32
