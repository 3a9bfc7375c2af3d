# INTENT: sends the whole buffer once (bytes / bandwidth = 8 ms) plus the 14 latencies, forgetting the ring's 2(n-1)/n factor. (public check: caught)
PREDICTED_ALLREDUCE_MS = 8.0 + 14 * 0.02
