predicted_bytes = 4 * 2410 + 12 * 603
