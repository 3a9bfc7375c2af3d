# INTENT: wrong type: the right number as a float (16876.0) from a true division
predicted_bytes = 4 * 2410 + 12 * 2412 / 4
