# INTENT: right: weights whole, grads and both moments as padded slices
slices = 512 + 8 + 80 + 3          # ceil(2048/4), ceil(32/4), ceil(320/4), ceil(10/4)
predicted_bytes = (2048 + 32 + 320 + 10) * 4 + slices * 4 * 3
