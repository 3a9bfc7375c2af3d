# INTENT: pads each variable to a multiple of 4 but forgets the padding of the last bias in the gradient slice only (602.5 -> 602)
predicted_bytes = 2410 * 4 + 602 * 4 + 2 * 603 * 4
