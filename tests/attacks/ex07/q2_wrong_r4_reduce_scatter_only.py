# INTENT: only the reduce-scatter half of the ring: (n-1) steps
PREDICTED_ALLREDUCE_MS = 7.14
