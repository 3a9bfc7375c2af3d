# INTENT: raises AssertionError (assert) instead of ValueError when no split exists
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    assert global_batch_size % num_replicas == 0, "global batch does not split over the replicas"
    for k in range(1, global_batch_size // num_replicas + 1):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size:
            return k
