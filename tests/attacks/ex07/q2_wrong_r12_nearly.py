# INTENT: a slightly wrong number (14.281): a sloppy hand calculation, off in the third decimal
PREDICTED_ALLREDUCE_MS = 14.281
