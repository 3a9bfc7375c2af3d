# usable: 64 MiB x 0.9 = 60,397,977.6 B; fixed: 1e6 x 4 B x (weights + gradients + 2 Adam slots) = 16,000,000 B
# per example: 20,000 x 4 B = 80,000 B -> (60,397,977.6 - 16,000,000) / 80,000 = 554.97 -> 554
predicted_max_batch = 554
