# INTENT: wrong: searches per-replica sizes >= 2 (special-casing limit 1), so a prime quotient above the limit raises instead of returning q
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    if max_per_replica_batch_size < 1 or global_batch_size % num_replicas:
        raise ValueError("cannot split")
    q = global_batch_size // num_replicas
    if max_per_replica_batch_size == 1:
        return q
    for per in range(min(q, max_per_replica_batch_size), 1, -1):
        if q % per == 0:
            return q // per
    if q == 1:
        return 1
    raise ValueError("no per-replica batch fits")
