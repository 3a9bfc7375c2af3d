# INTENT: 2 x bytes / bandwidth (ignores (n-1)/n) + latency
PREDICTED_ALLREDUCE_MS = 16.28
