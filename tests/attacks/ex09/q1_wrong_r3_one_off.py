# INTENT: off by one byte
predicted_bytes = 16877
