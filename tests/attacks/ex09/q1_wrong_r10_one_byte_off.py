# INTENT: near miss: off by one byte (checks exactness)
predicted_bytes = 16877
