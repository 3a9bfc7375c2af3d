# INTENT: every ring step sends the whole buffer: 2(n-1) x bytes / bw
PREDICTED_ALLREDUCE_MS = 1e3 * (14 * 20e-6 + 14 * 200e6 / 25e9)
