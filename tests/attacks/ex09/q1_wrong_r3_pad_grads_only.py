# INTENT: pads the gradient slices but not the moments (602.5 values each), 16872
predicted_bytes = int(2410 * 4 + 603 * 4 + 2410 / 4 * 8)
