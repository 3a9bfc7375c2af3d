# INTENT: counts the full weights padded too (each variable padded to a multiple of 4: 2412 values)
predicted_bytes = 4 * 2412 + 12 * 603
