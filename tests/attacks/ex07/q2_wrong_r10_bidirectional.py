# INTENT: counts 25 GB/s both directions as 50 GB/s
PREDICTED_ALLREDUCE_MS = 1e3 * (14 * 20e-6 + 2 * 7 / 8 * 50e6 * 4 / 50e9)
