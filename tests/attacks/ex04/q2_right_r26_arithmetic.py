# INTENT: RIGHT - same counts from the parameters with integer arithmetic only (the smallest divisor k of 64/4 with 16/k <= 6 is 4; micro-batch = 64 // 4 = 16); no pipeline run.
_share = GLOBAL_BATCH_SIZE // 4                      # 4 replicas
_k = next(k for k in range(1, _share + 1) if _share % k == 0 and _share // k <= MAX_PER_REPLICA_BATCH_SIZE)
_micro_batch = GLOBAL_BATCH_SIZE // _k
predicted_epoch = (EPOCH_EXAMPLES // _micro_batch, (EPOCH_EXAMPLES // _micro_batch) // _k)
