# INTENT: 20 µs converted as 0.002 ms (µs -> ms slip by 10x): 14 * (1 + 0.002)
PREDICTED_ALLREDUCE_MS = 14.028
