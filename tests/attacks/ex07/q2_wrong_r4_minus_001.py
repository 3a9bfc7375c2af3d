# INTENT: per-step time truncated: 14 x 1.0193 = 14.27 (rounding slip in the hand calculation)
PREDICTED_ALLREDUCE_MS = 14.27
