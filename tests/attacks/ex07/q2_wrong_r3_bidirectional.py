# INTENT: doubles the bandwidth (25 GB/s per direction -> 50 GB/s both ways)
PREDICTED_ALLREDUCE_MS = 7.28
