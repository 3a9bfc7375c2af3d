# INTENT: searches k only up to 1024 ("nobody accumulates more than that"): a batch needing more micro-batches raises ValueError.
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    for k in range(1, 1025):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size:
            return k
    raise ValueError("no split")
