PREDICTED_ALLREDUCE_MS = 2 * (8 - 1) * (50e6 * 4 / 8 / 25e9 + 20e-6) * 1e3
