# INTENT: uses < instead of <= for the memory limit (thinks the limit itself does not fit); (64, 4, 16) returns 2 instead of 1
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    for k in range(1, global_batch_size + 1):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) < max_per_replica_batch_size:
            return k
    if global_batch_size % num_replicas == 0 and max_per_replica_batch_size >= 1:
        return global_batch_size // num_replicas
    raise ValueError("no split")
