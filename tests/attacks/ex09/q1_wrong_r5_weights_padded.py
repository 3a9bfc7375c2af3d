# INTENT: counts the full weights padded too (each replica holds the padded vector: 603 x 4 values) although stage 2 keeps the weights as they are
predicted_bytes = 4 * 603 * 4 + 3 * 603 * 4
