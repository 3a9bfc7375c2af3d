# INTENT: averages the per-device bytes and leaves a fraction (16876.4): not a whole number of bytes
predicted_bytes = 16876.4
