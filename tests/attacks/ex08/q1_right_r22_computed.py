# INTENT: right: computes the plan from the parameters: floor division for updates, then smallest k dividing the per-replica share with share/k <= max.
_per = GLOBAL_BATCH // NUM_REPLICAS
predicted = (N_EXAMPLES // GLOBAL_BATCH,
             next(k for k in range(1, _per + 1) if _per % k == 0 and _per // k <= MAX_PER_REPLICA))
del _per
