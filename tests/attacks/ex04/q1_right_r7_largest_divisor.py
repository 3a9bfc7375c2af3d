# INTENT: right: the largest per-replica batch <= limit dividing G/R gives the smallest k.
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    if global_batch_size % num_replicas or max_per_replica_batch_size < 1:
        raise ValueError("no split")
    share = global_batch_size // num_replicas
    for per in range(min(max_per_replica_batch_size, share), 0, -1):
        if share % per == 0:
            return share // per
    raise ValueError("no split")
