# INTENT: stage-1 bytes (gradients kept full, only moments sharded) instead of stage 2. (public check: caught)
predicted_bytes = 2410 * 4 + 2410 * 4 + 2 * 603 * 4
