# INTENT: 1 GB taken as 2**30 bytes: 14 * (200e6/8/(25*2**30) + 20e-6) s
PREDICTED_ALLREDUCE_MS = 2 * 7 * (50e6 * 4 / 8 / (25 * 2**30) + 20e-6) * 1e3
