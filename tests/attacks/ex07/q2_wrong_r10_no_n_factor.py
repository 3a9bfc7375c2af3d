# INTENT: each device sends twice the buffer (drops the (n-1)/n factor)
PREDICTED_ALLREDUCE_MS = 1e3 * (14 * 20e-6 + 2 * 50e6 * 4 / 25e9)
