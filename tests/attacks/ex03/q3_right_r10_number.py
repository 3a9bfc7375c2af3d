# 64 MiB * 0.9 = 60,397,977.6 B; fixed 1e6 * 4 B * 4 = 16,000,000 B; per example 20,000 * 4 = 80,000 B
predicted_max_batch = 554
