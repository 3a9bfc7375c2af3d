per_replica = GLOBAL_BATCH // NUM_REPLICAS
accum = next(k for k in range(1, per_replica + 1) if per_replica % k == 0 and per_replica // k <= MAX_PER_REPLICA)
predicted = (N_EXAMPLES // GLOBAL_BATCH, accum)
