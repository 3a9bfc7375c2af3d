# INTENT: wrong: treats 50 million weights as 50 MB, forgetting float32 is 4 bytes: 3.50 + 0.28 = 3.78 ms.
PREDICTED_ALLREDUCE_MS = 3.78
