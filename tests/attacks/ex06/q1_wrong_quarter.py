# INTENT: thinks each bad step divides the scale by 4 (2**15 / 4**3 = 512). (public check: caught)
predicted_scale = 512.0
