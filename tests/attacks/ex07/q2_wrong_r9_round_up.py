# INTENT: 14.29: rounds a slightly miscomputed value up (latency counted 2n-1 = 15 times: 14.0 + 0.30 = 14.30 -> typed 14.29 from a calculator)
PREDICTED_ALLREDUCE_MS = 14.29
