_per = GLOBAL_BATCH // NUM_REPLICAS
predicted = (N_EXAMPLES // GLOBAL_BATCH,
             next(k for k in range(1, _per + 1) if _per % k == 0 and _per // k <= MAX_PER_REPLICA))
