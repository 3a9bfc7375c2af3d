# INTENT: bandwidth term only (latency "negligible" for a 200 MB gradient): 14.00 ms instead of 14.28
PREDICTED_ALLREDUCE_MS = 2 * 7 / 8 * 200e6 / 25e9 * 1e3
