PREDICTED_ALLREDUCE_MS = 14.28   # 14 steps x 20 us = 0.28 ms, plus 1.75 x 200 MB / 25 GB/s = 14 ms
