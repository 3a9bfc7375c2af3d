# INTENT: reads 50 million as 50 * 2**20 weights
PREDICTED_ALLREDUCE_MS = 1e3 * (14 * 20e-6 + 2 * 7 / 8 * 50 * 2**20 * 4 / 25e9)
