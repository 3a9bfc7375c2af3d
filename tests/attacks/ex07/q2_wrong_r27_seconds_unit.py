# INTENT: wrong: gives the right value in seconds (0.01428) instead of the milliseconds asked for.
PREDICTED_ALLREDUCE_MS = 0.01428
