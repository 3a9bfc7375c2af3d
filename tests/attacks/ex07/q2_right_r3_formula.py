n, params, bw, lat = 8, 50e6, 25e9, 20e-6
nbytes = 4 * params
PREDICTED_ALLREDUCE_MS = 1e3 * (2 * (n - 1) * lat + 2 * (n - 1) / n * nbytes / bw)
