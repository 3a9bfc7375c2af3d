# INTENT: correct: GPipe idle share (P-1)/(m+P-1) <= 0.18  ->  m >= (P-1)/0.18 - (P-1) = 13.67  ->  14 (integer search to avoid float edge cases).
predicted_micro_batches = next(m for m in range(1, 10_000) if (P - 1) / (m + P - 1) <= TARGET_BUBBLE)
