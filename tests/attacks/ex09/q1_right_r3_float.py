# INTENT: right number, written as a float
predicted_bytes = 16876.0
