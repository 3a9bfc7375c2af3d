# INTENT: stage 1 bytes (gradients kept whole): confuses stage 1 and stage 2
predicted_bytes = (2048 + 32 + 320 + 10) * 8 + (512 + 8 + 80 + 3) * 8
