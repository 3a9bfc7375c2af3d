# INTENT: bandwidth term only (latency "negligible"): 2(n-1)/n * bytes / bandwidth
PREDICTED_ALLREDUCE_MS = 14.00
