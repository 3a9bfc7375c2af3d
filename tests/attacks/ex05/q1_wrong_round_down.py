# INTENT: right inequality but rounds 13.67 down to 13, whose idle share 3/16 = 0.1875 exceeds the target. (public check: caught)
predicted_micro_batches = int((P - 1) / TARGET_BUBBLE - (P - 1))
