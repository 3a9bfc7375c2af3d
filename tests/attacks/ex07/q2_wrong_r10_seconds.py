# INTENT: gives the answer in seconds, not milliseconds
PREDICTED_ALLREDUCE_MS = 14 * 20e-6 + 2 * 7 / 8 * 50e6 * 4 / 25e9
