# INTENT: latency paid 2n times (once per device per phase) instead of 2(n-1): 14.0 + 16 x 0.02
PREDICTED_ALLREDUCE_MS = 2 * (8 - 1) * (200e6 / 8 / 25e9) * 1e3 + 2 * 8 * 20e-3
