# INTENT: forgets the padding of the 10-element bias (ZeRO paper formula 4P + 12P/N): 16870
predicted_bytes = 4 * 2410 + 12 * 2410 // 4
