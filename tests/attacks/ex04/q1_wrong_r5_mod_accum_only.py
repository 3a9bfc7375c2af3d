# INTENT: checks divisibility by accum_steps only (and floors per-replica size), not by num_replicas*accum_steps; e.g. (20,4,2) returns 2 where 5 is needed
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError("no split")
    for k in range(1, global_batch_size + 1):
        if global_batch_size % k == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size \
                and global_batch_size // (num_replicas * k) >= 1:
            return k
    raise ValueError("no split")
