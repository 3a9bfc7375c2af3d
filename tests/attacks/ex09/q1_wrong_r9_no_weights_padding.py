# INTENT: counts the stage-2 replicated weights padded too (2412 values) instead of the unpadded 2410
predicted_bytes = 4 * 2412 + 12 * 603
