# INTENT: right model but in seconds, not milliseconds
PREDICTED_ALLREDUCE_MS = 0.01428
