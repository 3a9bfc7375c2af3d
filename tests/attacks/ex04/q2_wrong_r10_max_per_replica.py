# INTENT: uses the memory limit itself (6 per replica, micro-batch 24) instead of the chosen split (4 per replica): 300 // 24 = 12 micro-steps, 12 // 3 = 4 updates.
predicted_epoch = (EPOCH_EXAMPLES // (MAX_PER_REPLICA_BATCH_SIZE * 4), (EPOCH_EXAMPLES // (MAX_PER_REPLICA_BATCH_SIZE * 4)) // 3)
