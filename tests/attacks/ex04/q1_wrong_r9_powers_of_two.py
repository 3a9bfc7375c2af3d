# INTENT: only tries accum_steps 1, 2, 4, 8, ... (batches are "always" powers of two); for (48, 4, 4) returns 4 instead of the smallest 3
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    k = 1
    while k <= global_batch_size:
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size:
            return k
        k *= 2
    raise ValueError("no split")
