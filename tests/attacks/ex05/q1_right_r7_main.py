# INTENT: right: idle share (p-1)/(m+p-1) <= 0.18 -> m >= 3/0.18 - 3 = 13.67 -> 14.
predicted_micro_batches = 14
