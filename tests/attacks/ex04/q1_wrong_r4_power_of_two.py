# INTENT: only tries powers of two (the usual accumulation choice), so (36, 4, 5) -> ValueError / (48, 4, 5) -> 4 instead of 3
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    k = 1
    while k <= global_batch_size:
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size:
            return k
        k *= 2
    raise ValueError("no split fits")
