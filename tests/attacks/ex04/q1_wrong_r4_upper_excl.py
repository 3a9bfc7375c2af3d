# INTENT: search range stops before gb // r (off by one), so when only one example per replica fits it raises ValueError instead of returning gb // r
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    for k in range(1, global_batch_size // num_replicas):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size:
            return k
    if global_batch_size == num_replicas and max_per_replica_batch_size >= 1:
        return 1
    raise ValueError("no split fits")
