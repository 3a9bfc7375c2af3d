updates = N_EXAMPLES // GLOBAL_BATCH
per_replica = GLOBAL_BATCH // NUM_REPLICAS
k = 1
while per_replica % k or per_replica // k > MAX_PER_REPLICA:
    k += 1
predicted = (updates, k)
