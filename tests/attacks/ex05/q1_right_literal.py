# INTENT: correct, on paper: 3/(m+3) <= 0.18 -> m >= 13.67 -> 14 (3/17 = 0.176; 13 gives 3/16 = 0.1875).
predicted_micro_batches = 14
