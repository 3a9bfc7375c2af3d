# 64 MiB * 0.9 = 60,397,977.6 B usable; weights + grads + Adam m, v = 16 B x 1e6 = 16,000,000 B; 80,000 B per example
predicted_max_batch = 554
