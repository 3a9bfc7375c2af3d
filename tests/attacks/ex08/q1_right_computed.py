# INTENT: floor(N / global batch) updates (drop_remainder); the fewest k with (global/replicas) % k == 0 and (global/replicas)/k <= MAX_PER_REPLICA.
_per_replica = GLOBAL_BATCH // NUM_REPLICAS
_k = next(k for k in range(1, _per_replica + 1) if _per_replica % k == 0 and _per_replica // k <= MAX_PER_REPLICA)
predicted = (N_EXAMPLES // GLOBAL_BATCH, _k)
