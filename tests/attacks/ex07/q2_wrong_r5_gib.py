# INTENT: 1 GB taken as 2**30 bytes (the prompt says 10**9): 13.04 + 0.28
PREDICTED_ALLREDUCE_MS = 2 * (8 - 1) * (200e6 / 8 / (25 * 2**30) + 20e-6) * 1e3
