# INTENT: adds Adam's step counter (an int64 iteration variable, 8 bytes) to the state
predicted_bytes = 4 * 2410 + 12 * 603 + 8
