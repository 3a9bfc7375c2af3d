# INTENT: the same worked out by hand: 32768 -> 16384 -> 8192 -> 4096.
predicted_scale = 4096.0
