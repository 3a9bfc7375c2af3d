# INTENT: rounds 14.28 up to 14.29 "to be safe".
PREDICTED_ALLREDUCE_MS = 14.29
