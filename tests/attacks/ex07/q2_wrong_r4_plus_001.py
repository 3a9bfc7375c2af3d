# INTENT: per-step time rounded up before multiplying: 14 x 1.0207 ms (latency 20.7 µs misread from a table) = 14.29
PREDICTED_ALLREDUCE_MS = 14.29
