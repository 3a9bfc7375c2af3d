# INTENT: counts the latency 2n times (a step per device per phase) instead of 2(n-1).
PREDICTED_ALLREDUCE_MS = 1e3 * (2 * 8 * 20e-6 + 2 * 7 / 8 * 2e8 / 25e9)
