# INTENT: adds up all 4 devices instead of one device
predicted_bytes = 4 * ((2048 + 32 + 320 + 10) * 4 + (512 + 8 + 80 + 3) * 12)
