# INTENT: divides the epoch by the global batch with true division: updates 4.6875 (not a whole count).
predicted_epoch = (EPOCH_EXAMPLES // 16, EPOCH_EXAMPLES / GLOBAL_BATCH_SIZE)
