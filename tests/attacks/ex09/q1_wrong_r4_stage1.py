# INTENT: stage 1 (gradients full) with padding: 4*2410*2 + 8*603
predicted_bytes = 4 * 2410 * 2 + 8 * 603
