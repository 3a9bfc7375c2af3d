# INTENT: rounds the unpadded per-device estimate (16870) up to a multiple of 8 bytes (alignment guess): 16872
predicted_bytes = 16872
