# INTENT: multiplies the full weights by 4 bytes but forgets the x4 for the sharded gradients and moments (counts values there)
predicted_bytes = 4 * 2410 + 3 * 603
