_k = 4   # 64 = 4 per replica x 4 replicas x 4
predicted_epoch = (EPOCH_EXAMPLES // (GLOBAL_BATCH_SIZE // _k), (EPOCH_EXAMPLES // (GLOBAL_BATCH_SIZE // _k)) // _k)
