# INTENT: max(1, limit) "guards" the limit, so a limit of 0 (nothing fits) returns gb // r instead of raising ValueError
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    limit = max(1, max_per_replica_batch_size)
    for k in range(1, global_batch_size + 1):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= limit:
            return k
    raise ValueError("no split fits")
