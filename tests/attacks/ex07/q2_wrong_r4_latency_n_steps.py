# INTENT: latency counted 2n times (one per device per phase) instead of 2(n-1): 14 + 16*0.02
PREDICTED_ALLREDUCE_MS = 14.32
