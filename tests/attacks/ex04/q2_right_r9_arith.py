_per_replica = GLOBAL_BATCH_SIZE // num_replicas
_k = next(k for k in range(1, _per_replica + 1) if _per_replica % k == 0 and _per_replica // k <= MAX_PER_REPLICA_BATCH_SIZE)
_micro = GLOBAL_BATCH_SIZE // _k
predicted_epoch = (EPOCH_EXAMPLES // _micro, (EPOCH_EXAMPLES // _micro) // _k)
