# INTENT: right: full weights 2410*4 = 9640 plus stage-2 padded slices of grads, m, v: 3*4*(512+8+80+3) = 7236 -> 16876 bytes.
predicted_bytes = 16876
