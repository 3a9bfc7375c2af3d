# INTENT: 14.28 ms rounded to one decimal then written with two (14.30): off by 0.02 ms
PREDICTED_ALLREDUCE_MS = 14.30
