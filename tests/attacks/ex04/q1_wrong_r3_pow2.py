# INTENT: only tries powers of two for accum_steps (the usual habit), misses e.g. 3 or 5
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError("global batch does not split over the replicas")
    k = 1
    while k <= global_batch_size // num_replicas:
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size:
            return k
        k *= 2
    return global_batch_size // num_replicas
