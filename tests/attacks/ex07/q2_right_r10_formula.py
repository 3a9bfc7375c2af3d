n, nbytes, bw, lat = 8, 50e6 * 4, 25e9, 20e-6
PREDICTED_ALLREDUCE_MS = 1e3 * (2 * (n - 1) * lat + 2 * (n - 1) / n * nbytes / bw)
