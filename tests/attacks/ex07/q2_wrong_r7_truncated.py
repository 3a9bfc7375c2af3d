# INTENT: truncates to two decimals of a slightly wrong sum (latency per direction only: (n-1) steps): 14.14.
PREDICTED_ALLREDUCE_MS = 1e3 * ((8 - 1) * 20e-6 + 2 * 7 / 8 * 2e8 / 25e9)
