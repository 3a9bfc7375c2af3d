# INTENT: pays the latency 2n times instead of 2(n-1)
PREDICTED_ALLREDUCE_MS = 1e3 * (16 * 20e-6 + 2 * 7 / 8 * 50e6 * 4 / 25e9)
