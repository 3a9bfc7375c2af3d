# INTENT: counts each variable's gradient slice unpadded (size/n rounded down per variable: 512+8+80+2)
predicted_bytes = 4 * 2410 + 12 * (512 + 8 + 80 + 2)
