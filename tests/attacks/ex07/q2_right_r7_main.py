# INTENT: right: 2(n-1) steps x 20 us + 2(n-1)/n x 200 MB / 25 GB/s = 0.28 ms + 14 ms.
n, nbytes, bw, lat = 8, 50e6 * 4, 25e9, 20e-6
PREDICTED_ALLREDUCE_MS = 1e3 * (2 * (n - 1) * lat + 2 * (n - 1) / n * nbytes / bw)
