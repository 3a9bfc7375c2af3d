# INTENT: 1 GB taken as 2**30 bytes (prompt says 10**9)
PREDICTED_ALLREDUCE_MS = 1e3 * (14 * 20e-6 + 1.75 * 200e6 / (25 * 2**30))
