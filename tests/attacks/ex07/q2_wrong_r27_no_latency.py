# INTENT: wrong: bandwidth term only (2*7/8*200MB/25GB/s = 14.00 ms), forgetting that every ring step pays the 20 us latency.
PREDICTED_ALLREDUCE_MS = 14.00
