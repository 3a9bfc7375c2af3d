# INTENT: wrong: ignores the replicas: fewest k with 256 % k == 0 and 256/k <= 24 is 16 (per-device view is 64 per replica -> 4).
predicted = (N_EXAMPLES // GLOBAL_BATCH,
             next(k for k in range(1, GLOBAL_BATCH + 1) if GLOBAL_BATCH % k == 0 and GLOBAL_BATCH // k <= MAX_PER_REPLICA))
