# INTENT: rounded to one significant decimal: 14.3 instead of 14.28
PREDICTED_ALLREDUCE_MS = 14.3
