# INTENT (right: a whole float for a count, ruled right in rounds 1-4): the right arithmetic with true division: a float 16876.0, not a whole number of bytes
predicted_bytes = 2410 * 4 + 3 * (2412 / 4) * 4
