# stage 2: full float32 weights (2410 x 4) + padded slices of gradients, m, v: per variable ceil(size / 4)
# kernel 2048 -> 512, bias 32 -> 8, kernel 320 -> 80, bias 10 -> 3 (padded to 12): 603 per slice
predicted_bytes = 2410 * 4 + 3 * 603 * 4
