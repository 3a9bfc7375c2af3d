# INTENT: arithmetic slip of 0.01 ms
PREDICTED_ALLREDUCE_MS = 14.27
