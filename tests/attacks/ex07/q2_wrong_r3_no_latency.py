# INTENT: forgets the latency term: bandwidth part only
PREDICTED_ALLREDUCE_MS = 14.00
