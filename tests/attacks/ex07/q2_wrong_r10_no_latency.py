# INTENT: forgets the latency term (bandwidth term only)
PREDICTED_ALLREDUCE_MS = 1e3 * 2 * 7 / 8 * 50e6 * 4 / 25e9
