# INTENT: adds Adam's float32 iteration counter on each device (4 bytes) - not in resident_bytes
predicted_bytes = 16876 + 4
