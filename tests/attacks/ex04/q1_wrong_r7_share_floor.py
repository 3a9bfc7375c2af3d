# INTENT: splits G//R first (floor) and never checks that R divides G when the per-replica limit is not binding at k=... only checks share % per.
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    if max_per_replica_batch_size < 1:
        raise ValueError("limit below one example")
    share = global_batch_size // num_replicas
    for per in range(min(max_per_replica_batch_size, share), 0, -1):
        if share % per == 0 and per * num_replicas * (share // per) == global_batch_size - global_batch_size % num_replicas:
            return share // per
    raise ValueError("no split")
