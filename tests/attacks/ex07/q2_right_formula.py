# INTENT: ring model 2(n-1) x latency + 2(n-1)/n x bytes / bandwidth with 50e6 x 4 bytes, 8 GPUs, 25e9 B/s, 20e-6 s, in ms.
_n, _bytes = 8, 50e6 * 4
PREDICTED_ALLREDUCE_MS = 1e3 * (2 * (_n - 1) * 20e-6 + 2 * (_n - 1) / _n * _bytes / 25e9)
