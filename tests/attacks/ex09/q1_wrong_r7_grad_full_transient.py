# INTENT: stage 2 but counts the full gradient as well (held before the reduce-scatter)
predicted_bytes = 4 * 2410 + 4 * 2410 + 8 * 603
