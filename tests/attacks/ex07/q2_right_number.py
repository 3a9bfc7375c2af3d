# INTENT: by hand: 14 ring steps, each moving 200 MB / 8 = 25 MB (1 ms at 25 GB/s) plus 0.02 ms latency: 14 x 1.02 = 14.28 ms.
PREDICTED_ALLREDUCE_MS = 14.28
