# INTENT: uses 1 GB = 2**30 bytes though the prompt fixes 1 GB = 10**9
PREDICTED_ALLREDUCE_MS = 1e3 * (14 * 20e-6 + 2 * 7 / 8 * 50e6 * 4 / (25 * 2**30))
