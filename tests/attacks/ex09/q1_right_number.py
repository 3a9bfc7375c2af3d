# INTENT: the same prediction as a literal: 2410 params *4 (weights) + 603 padded slice elements * 4 bytes * 3 (grad, m, v) = 9640 + 7236.
predicted_bytes = 16876
