# INTENT: a correct answer (round-4 blind attacker)
predicted_epoch = (EPOCH_EXAMPLES // (GLOBAL_BATCH_SIZE // 4), (EPOCH_EXAMPLES // (GLOBAL_BATCH_SIZE // 4)) // 4)
