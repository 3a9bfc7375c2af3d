# INTENT: latency added per phase per device pair as 2(n-1) x 20 µs but bytes over n-1... (hand slip gives 14.285)
PREDICTED_ALLREDUCE_MS = 14.285
