# INTENT: searches accum_steps only up to 100 ("nobody accumulates more than 100 micro-batches"), raising ValueError for a valid split needing more (e.g. (512,2,1) -> 256)
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    for k in range(1, 101):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size:
            return k
    raise ValueError("no split")
