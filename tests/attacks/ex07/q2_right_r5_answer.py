# 50e6 float32 = 200e6 bytes; ring: 2 (n - 1) steps, each moves 200e6 / 8 bytes at 25 GB/s and pays 20 us
PREDICTED_ALLREDUCE_MS = 2 * (8 - 1) * (200e6 / 8 / 25e9 + 20e-6) * 1e3
