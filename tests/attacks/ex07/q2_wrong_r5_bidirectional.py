# INTENT: counts both directions of the link (50 GB/s), halving the bandwidth term: 7.0 + 0.28
PREDICTED_ALLREDUCE_MS = 2 * (8 - 1) * (200e6 / 8 / 50e9 + 20e-6) * 1e3
