# INTENT: uses < instead of <= for the memory limit, except when the limit is 1 (student patched the public failure)
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError("global batch does not split over the replicas")
    limit = max(max_per_replica_batch_size - 1, 1)
    for k in range(1, global_batch_size // num_replicas + 1):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= limit:
            return k
    raise ValueError("no accum_steps fits")
