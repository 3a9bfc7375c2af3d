# INTENT: models only the reduce-scatter half ((n-1)/n and n-1 latencies)
PREDICTED_ALLREDUCE_MS = 1e3 * (7 * 20e-6 + 7 / 8 * 50e6 * 4 / 25e9)
