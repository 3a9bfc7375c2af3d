predicted_micro_batches = next(m for m in range(1, 1000) if (P - 1) / (m + P - 1) <= TARGET_BUBBLE)
