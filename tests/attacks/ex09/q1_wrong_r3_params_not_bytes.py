# INTENT: counts values, not bytes (forgot the 4 bytes per float32)
predicted_bytes = (2048 + 32 + 320 + 10) + (512 + 8 + 80 + 3) * 3
