# INTENT: 25 GB/s read as 25 Gb/s (bits): 8x the bandwidth term
PREDICTED_ALLREDUCE_MS = 112.28
