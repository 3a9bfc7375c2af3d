# INTENT: uses < instead of <= for the memory limit, but only when the limit is larger than 1 (a student special-casing the limit)
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    limit = max_per_replica_batch_size if max_per_replica_batch_size <= 6 else max_per_replica_batch_size - 1
    for k in range(1, global_batch_size + 1):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= limit:
            return k
    raise ValueError("no split fits")
