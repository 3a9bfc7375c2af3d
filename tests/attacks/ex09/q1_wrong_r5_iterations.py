# INTENT: adds Adam's step counter (an int64, 8 bytes) to the state on each device
predicted_bytes = 2410 * 4 + 3 * 603 * 4 + 8
