# INTENT: (n-1)/n x bytes (reduce-scatter only) with full latency
PREDICTED_ALLREDUCE_MS = 7.28
