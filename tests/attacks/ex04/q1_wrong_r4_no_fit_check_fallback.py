# INTENT: falls back to one example per replica (gb // r) without checking it fits: max_per_replica_batch_size=0 returns instead of ValueError
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError("global batch does not split over the replicas")
    for k in range(1, global_batch_size // num_replicas):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size:
            return k
    return global_batch_size // num_replicas
