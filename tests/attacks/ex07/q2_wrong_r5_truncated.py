# INTENT: 14.28 truncated to an int of microseconds then divided badly: 14.2 (one decimal lost)
PREDICTED_ALLREDUCE_MS = 14.2
