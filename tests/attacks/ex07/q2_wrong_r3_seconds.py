# INTENT: answer in seconds not milliseconds
PREDICTED_ALLREDUCE_MS = 0.01428
