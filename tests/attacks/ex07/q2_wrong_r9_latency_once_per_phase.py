# INTENT: pays the latency n-1 times (one phase) instead of 2(n-1): 14.14 ms
PREDICTED_ALLREDUCE_MS = 1e3 * (7 * 20e-6 + 2 * 7 / 8 * 200e6 / 25e9)
