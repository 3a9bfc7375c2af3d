# INTENT: approximate: read off a rounded log scale (2**12.0001)
predicted_scale = 2 ** 12.0001
