# INTENT: reads 25 GB/s as 25 GiB/s (2**30 bytes), ignoring "1 GB = 10^9 bytes": 13.32 ms
PREDICTED_ALLREDUCE_MS = 1e3 * (14 * 20e-6 + 1.75 * 200e6 / (25 * 2**30))
