_per = next(p for p in range(min(MAX_PER_REPLICA_BATCH_SIZE, GLOBAL_BATCH_SIZE // 4), 0, -1) if (GLOBAL_BATCH_SIZE // 4) % p == 0)
_accum = (GLOBAL_BATCH_SIZE // 4) // _per          # 4 replicas: 16 per replica per update, 4 per micro-step -> 4
_micro = GLOBAL_BATCH_SIZE // _accum               # 16 examples per micro-batch
predicted_epoch = (EPOCH_EXAMPLES // _micro, (EPOCH_EXAMPLES // _micro) // _accum)
