# INTENT: latency paid 2n = 16 times (one per device per phase) instead of 2(n-1) = 14: 14.32 ms
PREDICTED_ALLREDUCE_MS = 1e3 * (16 * 20e-6 + 2 * 7 / 8 * 200e6 / 25e9)
