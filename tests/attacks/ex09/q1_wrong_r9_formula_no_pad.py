# INTENT: the ZeRO paper's formula without padding: (4 + 12/4) * 2410
predicted_bytes = int((4 + 12 / 4) * 2410)
