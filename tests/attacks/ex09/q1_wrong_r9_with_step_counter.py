# INTENT: adds Adam's iteration counter (an int64, 8 bytes) to the state on each device
predicted_bytes = 16876 + 8
