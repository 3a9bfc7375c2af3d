# INTENT: counts the full weights padded too (each variable padded before being stored): 4*2412 + 3*4*603
predicted_bytes = 4 * 2412 + 3 * 4 * 603
