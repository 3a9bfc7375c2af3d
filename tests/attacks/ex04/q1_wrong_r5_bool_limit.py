# INTENT: uses `if not max_per_replica_batch_size` for the guard, and a negative limit (-1) then loops and returns garbage; also a negative limit is silently clamped to 1
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if not max_per_replica_batch_size or global_batch_size % num_replicas:
        raise ValueError("no split")
    limit = max(1, max_per_replica_batch_size)
    for k in range(1, global_batch_size + 1):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= limit:
            return k
    raise ValueError("no split")
