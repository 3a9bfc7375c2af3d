predicted_micro_batches = 14   # idle share (P-1)/(m+P-1) = 3/(m+3) <= 0.18 -> m >= 13.67
