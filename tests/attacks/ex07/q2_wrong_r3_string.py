# INTENT: a string, not a number
PREDICTED_ALLREDUCE_MS = "14.28"
